import Foundation

/// Writes an ``AnkiPackage``'s notes into `collection.anki2`: the classic Anki 2.1 collection
/// (schema 11) that Anki, AnkiDroid and AnkiMobile all import.
///
/// Ids come from ``AnkiIdentity``: the note type from its name and fields, decks from their names,
/// notes from their GUIDs and cards from GUID and ordinal, so the same package gives the same file.
enum AnkiCollectionWriter {
    /// The schema of a classic collection, as Anki 2.1 created it.
    static let schema = """
    CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
      ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
      models text not null, decks text not null, dconf text not null, tags text not null);
    CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
      usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
      flags integer not null, data text not null);
    CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
      mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
      ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
      left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
    CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
      ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
    CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
    CREATE INDEX ix_notes_usn on notes (usn);
    CREATE INDEX ix_cards_usn on cards (usn);
    CREATE INDEX ix_revlog_usn on revlog (usn);
    CREATE INDEX ix_cards_nid on cards (nid);
    CREATE INDEX ix_cards_sched on cards (did, queue, due);
    CREATE INDEX ix_revlog_cid on revlog (cid);
    CREATE INDEX ix_notes_csum on notes (csum);
    """

    /// The note type's id: from its name and field names, so it changes with the shape of the notes
    /// (Anki never mixes two field lists under one id) but not with the templates' wording or styling,
    /// which a newer package updates in place.
    static func noteTypeID(_ noteType: AnkiNoteType) -> Int64 {
        AnkiIdentity.id(for: "notetype\u{1F}" + noteType.name + "\u{1F}" + noteType.fields.joined(separator: "\u{1F}"))
    }

    /// A deck's id.
    static func deckID(_ name: String) -> Int64 { AnkiIdentity.id(for: "deck\u{1F}" + name) }

    /// Writes the collection for `package` to a new file at `path`.
    static func write(_ package: AnkiPackage, to path: String) throws(AnkiExportError) {
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA page_size = 4096; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN;")
        try database.execute(schema)
        let time = package.timestamp
        let modelID = noteTypeID(package.noteType)
        let decks = package.deckNames
        var deckIDs: [String: Int64] = [:]
        for name in decks { deckIDs[name] = deckID(name) }

        // Notes and cards, in deck order; ids are unique even in the unlikely case of a hash collision.
        var usedNotes = Set<Int64>(), usedCards = Set<Int64>()
        var noteRows: [[SQLiteValue]] = [], cardRows: [[SQLiteValue]] = []
        let latest = package.modifiedTime
        for (position, note) in package.notes.enumerated() {
            var noteID = AnkiIdentity.id(for: "note\u{1F}" + note.guid)
            while !usedNotes.insert(noteID).inserted { noteID += 1 }
            let modified = note.modified ?? time
            let sortText = AnkiIdentity.plainText(note.fields.indices.contains(package.noteType.sortField) ? note.fields[package.noteType.sortField] : "")
            let firstText = AnkiIdentity.plainText(note.fields.first ?? "")
            let tags = note.tags.isEmpty ? "" : " " + note.tags.joined(separator: " ") + " "
            noteRows.append([.integer(noteID), .text(note.guid), .integer(modelID), .integer(modified), .integer(-1),
                             .text(tags), .text(note.fields.joined(separator: "\u{1F}")), .text(sortText),
                             .integer(AnkiIdentity.checksum(firstText)), .integer(0), .text("")])
            let deck = deckIDs[note.deck] ?? 1
            for ordinal in note.cardOrdinals {
                var cardID = AnkiIdentity.id(for: "card\u{1F}" + note.guid + "\u{1F}\(ordinal)")
                while !usedCards.insert(cardID).inserted { cardID += 1 }
                // A new card (type 0, queue 0) due at the note's position in the deck.
                cardRows.append([.integer(cardID), .integer(noteID), .integer(deck), .integer(Int64(ordinal)), .integer(modified),
                                 .integer(-1), .integer(0), .integer(0), .integer(Int64(position + 1)), .integer(0), .integer(0),
                                 .integer(0), .integer(0), .integer(0), .integer(0), .integer(0), .integer(0), .text("")])
            }
        }
        try database.run("INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows: noteRows)
        try database.run("INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows: cardRows)

        let firstDeck = decks.first.flatMap { deckIDs[$0] } ?? 1
        let models = try json([String(modelID): model(package.noteType, id: modelID, deck: firstDeck, time: latest)])
        var deckValues: [String: Any] = ["1": deck(name: "Default", id: 1, time: latest)]
        for name in decks { deckValues[String(deckIDs[name] ?? 1)] = deck(name: name, id: deckIDs[name] ?? 1, time: latest) }
        let conf: [String: Any] = [
            "activeDecks": [firstDeck], "curDeck": firstDeck, "newSpread": 0, "collapseTime": 1200, "timeLim": 0,
            "estTimes": true, "dueCounts": true, "curModel": modelID, "nextPos": package.notes.count + 1,
            "sortType": "noteFld", "sortBackwards": false, "addToCur": true,
        ]
        try database.run("INSERT INTO col VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows: [[
            .integer(1), .integer(latest), .integer(latest * 1000), .integer(latest * 1000), .integer(11), .integer(0),
            .integer(0), .integer(0), .text(try json(conf)), .text(models), .text(try json(deckValues)),
            .text(try json(["1": deckOptions(time: latest)])), .text("{}"),
        ]])
        try database.execute("COMMIT;")
    }

    static func json(_ value: Any) throws(AnkiExportError) -> String {
        do {
            let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .database("cannot encode the collection settings: \(error)")
        }
    }

    static func model(_ type: AnkiNoteType, id: Int64, deck: Int64, time: Int64) -> [String: Any] {
        [
            "id": id, "name": type.name, "type": 0, "mod": time, "usn": -1, "sortf": type.sortField, "did": deck,
            "tags": [String](), "vers": [Int](), "css": type.css,
            "latexPre": "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
            "latexPost": "\\end{document}", "latexsvg": false,
            "flds": type.fields.enumerated().map { index, name -> [String: Any] in
                ["name": name, "ord": index, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": [String]()]
            },
            "tmpls": type.templates.enumerated().map { index, template -> [String: Any] in
                ["name": template.name, "ord": index, "qfmt": template.front, "afmt": template.back,
                 "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "", "bsize": 0]
            },
            // Which field a card needs (used by Anki versions that do not render the template to decide).
            "req": type.templates.enumerated().map { index, template -> [Any] in [index, "all", [template.requiredField]] },
        ]
    }

    static func deck(name: String, id: Int64, time: Int64) -> [String: Any] {
        [
            "id": id, "name": name, "mod": time, "usn": -1, "desc": "", "dyn": 0, "conf": 1, "collapsed": false,
            "browserCollapsed": false, "extendNew": 10, "extendRev": 50,
            "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0], "timeToday": [0, 0],
        ]
    }

    static func deckOptions(time: Int64) -> [String: Any] {
        [
            "id": 1, "name": "Default", "mod": time, "usn": -1, "maxTaken": 60, "autoplay": true, "timer": 0,
            "replayq": true, "dyn": false,
            "new": ["delays": [1, 10], "ints": [1, 4, 7], "initialFactor": 2500, "order": 1, "perDay": 20,
                    "bury": true, "separate": true] as [String: Any],
            "rev": ["perDay": 200, "ease4": 1.3, "fuzz": 0.05, "maxIvl": 36500, "minSpace": 1, "bury": true,
                    "ivlFct": 1] as [String: Any],
            "lapse": ["delays": [10], "mult": 0, "minInt": 1, "leechFails": 8, "leechAction": 0] as [String: Any],
        ]
    }
}
