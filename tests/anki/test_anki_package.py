"""Opens Loupe's Anki exports with Python's own zipfile and sqlite3, and imports them with Anki itself
(the `anki` package from PyPI, its Rust backend, offline) when it is installed."""
import json
import sqlite3
import zipfile

import pytest

from conftest import export

try:
    from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest
except ImportError:  # pragma: no cover - scripts/setup installs it
    Collection = None

needs_anki = pytest.mark.skipif(Collection is None, reason="the anki package is not installed (scripts/setup installs it)")


def open_package(path, tmp_path):
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        media = json.loads(archive.read("media"))
        files = {key: archive.read(key) for key in media}
        (tmp_path / "collection.anki2").write_bytes(archive.read("collection.anki2"))
    db = sqlite3.connect(tmp_path / "collection.anki2")
    return names, media, files, db


def test_package_opens_with_zipfile_and_sqlite3(loupe, example_content, tmp_path):
    out = tmp_path / "eye.apkg"
    export(loupe, example_content, out, "--timestamp", "1700000000")
    names, media, files, db = open_package(out, tmp_path)
    assert names[:2] == ["collection.anki2", "media"]
    assert db.execute("select ver from col").fetchone()[0] == 11
    notes = db.execute("select guid, flds, tags, mid from notes").fetchall()
    cards = db.execute("select nid, ord, did, type, queue from cards").fetchall()
    assert len(notes) == 32 and len(cards) == 129
    guids = {guid for guid, *_ in notes}
    assert "anatomy/the-globe/coats-of-the-eye" in guids
    models = json.loads(db.execute("select models from col").fetchone()[0])
    (model,) = models.values()
    field_names = [f["name"] for f in model["flds"]]
    assert field_names[:6] == ["Subtopic", "Category", "Topic", "Images", "Question 1", "Answer 1"]
    for guid, flds, tags, mid in notes:
        fields = flds.split("\x1f")
        assert len(fields) == len(field_names)
        assert str(mid) in models
        assert tags.startswith(" ") and tags.endswith(" ")
    decks = {d["name"] for d in json.loads(db.execute("select decks from col").fetchone()[0]).values()}
    assert "Eye Review::Anatomy::The Globe" in decks
    assert all(type_ == 0 and queue == 0 for *_, type_, queue in cards)
    # Every image a field names is in the package, under the name the field uses.
    named = set()
    for (flds,) in db.execute("select flds from notes"):
        named.update(part.split('"')[0] for part in flds.split('<img src="')[1:])
    assert named == set(media.values())
    assert all(len(data) > 0 for data in files.values())


def test_two_exports_are_byte_identical(loupe, example_content, tmp_path):
    export(loupe, example_content, tmp_path / "a.apkg", "--timestamp", "1700000000")
    export(loupe, example_content, tmp_path / "b.apkg", "--timestamp", "1700000000")
    assert (tmp_path / "a.apkg").read_bytes() == (tmp_path / "b.apkg").read_bytes()


@needs_anki
def test_anki_imports_the_package_and_updates_instead_of_duplicating(loupe, example_content, tmp_path):
    first = tmp_path / "first.apkg"
    export(loupe, example_content, first, "--timestamp", "1700000000")
    col = Collection(str(tmp_path / "user.anki2"))
    try:
        options = ImportAnkiPackageOptions(with_scheduling=False)
        result = col.import_anki_package(ImportAnkiPackageRequest(package_path=str(first), options=options))
        assert len(result.log.new) == 32
        assert col.note_count() == 32 and col.card_count() == 129
        assert "Eye Review::Anatomy::The Globe" in [d.name for d in col.decks.all_names_and_ids()]
        note = col.get_note(col.find_notes('"Subtopic:Coats of the Eye"')[0])
        assert note.guid == "anatomy/the-globe/coats-of-the-eye"
        assert set(note.tags) == {"anatomy", "anatomy::the-globe"}
        card = note.cards()[0]
        assert "What are the three coats of the globe?" in card.question()
        assert "<li>Inner neural coat: retina</li>" in card.answer()
        assert sorted(col.media.check().unused) == []
        # The student reviews a card; then the deck changes one cell and is exported again.
        reviewed = note.cards()[1]
        reviewed.ivl, reviewed.type, reviewed.queue, reviewed.due = 12, 2, 2, 100
        col.update_card(reviewed)
        deck = example_content / "deck" / "eye-review.tsv"
        deck.write_text(deck.read_text(encoding="utf-8").replace("About 23.5–24 mm", "About 24 mm"), encoding="utf-8")
        second = tmp_path / "second.apkg"
        export(loupe, example_content, second, "--timestamp", "1700000500", "--previous", str(first))
        result = col.import_anki_package(ImportAnkiPackageRequest(package_path=str(second), options=options))
        assert len(result.log.updated) == 1 and len(result.log.new) == 0
        assert col.note_count() == 32 and col.card_count() == 129
        note = col.get_note(note.id)
        assert "About 24 mm" in note["Answer 2"]
        assert col.get_card(reviewed.id).ivl == 12
    finally:
        col.close()


@needs_anki
def test_anki_reads_the_text_format_headers(loupe, example_content, tmp_path):
    out = tmp_path / "eye.txt"
    export(loupe, example_content, out, "--format", "txt")
    col = Collection(str(tmp_path / "user.anki2"))
    try:
        metadata = col.get_csv_metadata(str(out), None)
        assert metadata.is_html is True
        assert metadata.guid_column == 1
        assert metadata.deck_column == 2
        assert metadata.tags_column == len(metadata.column_labels)
        assert metadata.column_labels[:3] == ["GUID", "Deck", "Subtopic"]
        # After importing the package, the text file updates the same notes rather than adding new ones.
        apkg = tmp_path / "eye.apkg"
        export(loupe, example_content, apkg)
        col.import_anki_package(ImportAnkiPackageRequest(package_path=str(apkg), options=ImportAnkiPackageOptions()))
        metadata = col.get_csv_metadata(str(out), None)
        from anki.collection import ImportCsvRequest
        result = col.import_csv(ImportCsvRequest(path=str(out), metadata=metadata))
        assert col.note_count() == 32
        assert len(result.log.new) == 0
    finally:
        col.close()


def test_real_deck_exports_and_opens(loupe, real_content, tmp_path):
    out = tmp_path / "real.apkg"
    export(loupe, real_content, out, "--timestamp", "1700000000")
    names, media, files, db = open_package(out, tmp_path)
    assert db.execute("select count(*) from notes").fetchone()[0] > 100
    assert db.execute("select count(distinct guid) from notes").fetchone()[0] == db.execute("select count(*) from notes").fetchone()[0]
    if Collection is not None:
        col = Collection(str(tmp_path / "user.anki2"))
        try:
            result = col.import_anki_package(ImportAnkiPackageRequest(package_path=str(out), options=ImportAnkiPackageOptions()))
            assert col.note_count() == db.execute("select count(*) from notes").fetchone()[0]
            assert col.card_count() == db.execute("select count(*) from cards").fetchone()[0]
            assert len(result.log.new) == col.note_count()
        finally:
            col.close()


@needs_anki
def test_a_new_section_column_updates_with_merge_note_types(loupe, tmp_path):
    content = tmp_path / "content"
    (content / "deck").mkdir(parents=True)
    deck = content / "deck" / "d.tsv"
    deck.write_text("Category\tTopic\tSubtopic\tHeader 1\tInfo1\nC\tT\tOne\t# Q1?\tA1\nC\tT\tTwo\t# Q?\tA\n", encoding="utf-8")
    export(loupe, content, tmp_path / "a.apkg", "--timestamp", "1700000000")
    deck.write_text("Category\tTopic\tSubtopic\tHeader 1\tInfo1\tHeader2\tInfo2\n"
                    "C\tT\tOne\t# Q1?\tA1\t# Q2?\tA2\nC\tT\tTwo\t# Q?\tA\tnil\tnil\n", encoding="utf-8")
    export(loupe, content, tmp_path / "b.apkg", "--timestamp", "1700000500", "--previous", str(tmp_path / "a.apkg"))
    outcomes = {}
    for merge in (False, True):
        col = Collection(str(tmp_path / f"user-{merge}.anki2"))
        try:
            col.import_anki_package(ImportAnkiPackageRequest(package_path=str(tmp_path / "a.apkg"), options=ImportAnkiPackageOptions()))
            result = col.import_anki_package(ImportAnkiPackageRequest(package_path=str(tmp_path / "b.apkg"),
                                                                      options=ImportAnkiPackageOptions(merge_notetypes=merge)))
            outcomes[merge] = (len(result.log.updated), len(result.log.conflicting), col.note_count(), col.card_count())
        finally:
            col.close()
    assert outcomes[False] == (0, 2, 2, 2)
    assert outcomes[True] == (2, 0, 2, 3)
