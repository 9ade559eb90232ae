/* Loupe study mode: shuffle & study with Easy / Unsure / Hard, FSRS-6 due dates, notes, progress,
   export and import. Vanilla JavaScript, no library, no network; everything stays in localStorage.
   Notes are user text: they are only ever shown with textContent, never as markup.
   The pure parts (scheduler, shuffle passes, export/merge) are also loaded by node tests (tests/js). */
(function (root) {
  "use strict";

  /* ===================================================================== core (no DOM) ===== */

  var FORMAT = "loupe-study";
  var VERSION = 1;
  var SESSION_GAP_MS = 30 * 60 * 1000;
  var DAY_MS = 86400000;
  var RATINGS = ["easy", "unsure", "hard"];
  /* The model app's repeat factor: 5 = shown most often, 1 = completed. */
  var REPEAT = { easy: 1, unsure: 3, hard: 5 };
  /* FSRS grades: Hard -> Again (1), Unsure -> Hard (2), Easy -> Good (3). */
  var GRADE = { hard: 1, unsure: 2, easy: 3 };

  /* ---- FSRS-6, following py-fsrs 6.3.1 (the reference) formula for formula, without fuzz. ---- */
  var DEFAULT_WEIGHTS = [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542];
  var STABILITY_MIN = 0.001;

  function roundHalfEven(x) {
    var r = Math.round(x);
    if (Math.abs(x % 1) === 0.5 && r % 2 !== 0) r -= 1; // Python's round()
    return r;
  }

  function FSRS(options) {
    options = options || {};
    this.w = options.weights || DEFAULT_WEIGHTS;
    this.retention = options.desiredRetention || 0.9;
    this.learningSteps = options.learningSteps || [60, 600];       // seconds
    this.relearningSteps = options.relearningSteps || [600];
    this.maximumInterval = options.maximumInterval || 36500;
    this.decay = -this.w[20];
    this.factor = Math.pow(0.9, 1 / this.decay) - 1;
  }
  /* Whole days from a to b (ms), rounded down like Python's timedelta.days. */
  FSRS.wholeDays = function (a, b) { return Math.floor((b - a) / DAY_MS); };
  FSRS.prototype.newCard = function () { return { state: "learning", step: 0, stability: null, difficulty: null, due: null, lastReview: null }; };
  FSRS.prototype.retrievability = function (card, at) {
    if (card.lastReview == null || card.stability == null) return 0;
    var elapsed = Math.max(0, FSRS.wholeDays(card.lastReview, at));
    return Math.pow(1 + this.factor * elapsed / card.stability, this.decay);
  };
  FSRS.prototype.nextInterval = function (stability) {
    var days = stability / this.factor * (Math.pow(this.retention, 1 / this.decay) - 1);
    return Math.min(Math.max(roundHalfEven(days), 1), this.maximumInterval);
  };
  FSRS.prototype.initialDifficulty = function (g) { return this.w[4] - Math.exp(this.w[5] * (g - 1)) + 1; };
  FSRS.prototype.clampD = function (d) { return Math.min(Math.max(d, 1), 10); };
  FSRS.prototype.shortTerm = function (s, g) {
    var w = this.w;
    var inc = Math.exp(w[17] * (g - 3 + w[18])) * Math.pow(s, -w[19]);
    if (g >= 3) inc = Math.max(inc, 1);
    return Math.max(s * inc, STABILITY_MIN);
  };
  FSRS.prototype.nextDifficulty = function (d, g) {
    var w = this.w;
    var delta = -(w[6] * (g - 3));
    var damped = d + (10 - d) * delta / 9;
    return this.clampD(w[7] * this.initialDifficulty(4) + (1 - w[7]) * damped);
  };
  FSRS.prototype.nextStability = function (d, s, r, g) {
    var w = this.w, next;
    if (g === 1) {
      var longTerm = w[11] * Math.pow(d, -w[12]) * (Math.pow(s + 1, w[13]) - 1) * Math.exp((1 - r) * w[14]);
      next = Math.min(longTerm, s / Math.exp(w[17] * w[18]));
    } else {
      var hardPenalty = g === 2 ? w[15] : 1, easyBonus = g === 4 ? w[16] : 1;
      next = s * (1 + Math.exp(w[8]) * (11 - d) * Math.pow(s, -w[9]) * (Math.exp((1 - r) * w[10]) - 1) * hardPenalty * easyBonus);
    }
    return Math.max(next, STABILITY_MIN);
  };
  /* Returns a new card state after a review with grade g (1-4) at time `at` (ms). */
  FSRS.prototype.review = function (card, g, at) {
    var c = { state: card.state, step: card.step, stability: card.stability, difficulty: card.difficulty, due: card.due, lastReview: card.lastReview };
    var self = this, interval;
    var elapsed = c.lastReview == null ? null : FSRS.wholeDays(c.lastReview, at);
    function updateMemory() {
      if (c.stability != null && c.difficulty != null) {
        if (elapsed != null && elapsed < 1) c.stability = self.shortTerm(c.stability, g);
        else c.stability = self.nextStability(c.difficulty, c.stability, self.retrievability(c, at), g);
        c.difficulty = self.nextDifficulty(c.difficulty, g);
      } else {
        c.stability = Math.max(self.w[g - 1], STABILITY_MIN);
        c.difficulty = self.clampD(self.initialDifficulty(g));
      }
    }
    function graduate() { c.state = "review"; c.step = null; return self.nextInterval(c.stability) * DAY_MS; }
    if (c.state === "learning" || c.state === "relearning") {
      updateMemory();
      var steps = c.state === "learning" ? this.learningSteps : this.relearningSteps;
      var step = c.step == null ? 0 : c.step;
      if (steps.length === 0 || (step >= steps.length && g !== 1)) interval = graduate();
      else if (g === 1) { c.step = 0; interval = steps[0] * 1000; }
      else if (g === 2) {
        if (step === 0 && steps.length === 1) interval = steps[0] * 1.5 * 1000;
        else if (step === 0) interval = (steps[0] + steps[1]) / 2 * 1000;
        else interval = steps[Math.min(step, steps.length - 1)] * 1000;
      } else if (g === 3) {
        if (step + 1 === steps.length) interval = graduate();
        else { c.step = step + 1; interval = steps[Math.min(step + 1, steps.length - 1)] * 1000; }
      } else interval = graduate();
    } else {
      updateMemory();
      if (g === 1 && this.relearningSteps.length > 0) { c.state = "relearning"; c.step = 0; interval = this.relearningSteps[0] * 1000; }
      else interval = this.nextInterval(c.stability) * DAY_MS;
    }
    c.due = at + interval;
    c.lastReview = at;
    return c;
  };
  /* Replays a card's reviews ([{rating, at}] with ISO times), oldest first. */
  FSRS.prototype.replay = function (reviews) {
    var self = this;
    return reviews.slice().sort(function (a, b) { return Date.parse(a.at) - Date.parse(b.at); })
      .reduce(function (card, r) { return self.review(card, GRADE[r.rating], Date.parse(r.at)); }, this.newCard());
  };

  /* ---- Seeded randomness (mulberry32) so shuffles are reproducible in tests (#seed=N). ---- */
  function rng(seed) {
    var a = seed >>> 0;
    return function () {
      a = (a + 0x6D2B79F5) >>> 0;
      var t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  function shuffle(list, random) {
    var out = list.slice();
    for (var i = out.length - 1; i > 0; i--) {
      var j = Math.floor(random() * (i + 1));
      var t = out[i]; out[i] = out[j]; out[j] = t;
    }
    return out;
  }

  /* ---- A shuffle-and-study session with the model app's rules. ----
     Pass 1: every card in scope, shuffled. Each answer sets the card's repeat factor (Hard 5,
     Unsure 3, Easy 1 = completed). When a pass ends, the cards not yet completed come back:
     factor 5 (Hard) twice, factor 3 (Unsure) once, in a weighted shuffle where a card with factor
     f draws the key u^(1/f) (Efraimidis-Spirakis), highest first, so hard cards tend to come
     earlier. A card completed earlier in the pass skips its remaining copies; two copies of one
     card are never shown back to back. The session ends when every card is completed. */
  function Session(cards, options) {
    options = options || {};
    this.random = rng(options.seed == null ? (Date.now() % 2147483647) : options.seed);
    this.factor = {};
    this.cards = cards.slice();
    this.pass = 1;
    this.queue = shuffle(this.cards, this.random);
    this.position = 0;
    this.answers = { easy: 0, unsure: 0, hard: 0 };
    this.completed = [];
    this.skipCompleted();
  }
  Session.copies = function (factor) { return factor >= 5 ? 2 : factor > 1 ? 1 : 0; };
  Session.prototype.current = function () { return this.position < this.queue.length ? this.queue[this.position] : null; };
  Session.prototype.isDone = function () { return this.current() === null; };
  Session.prototype.remaining = function () { return this.queue.length - this.position; };
  Session.prototype.rate = function (rating) {
    var card = this.current();
    if (card === null || !(rating in REPEAT)) return null;
    var wasCompleted = this.factor[card] === 1;
    this.factor[card] = REPEAT[rating];
    this.answers[rating] += 1;
    if (REPEAT[rating] === 1 && !wasCompleted && this.completed.indexOf(card) < 0) this.completed.push(card);
    this.position += 1;
    this.skipCompleted();
    if (this.position >= this.queue.length) this.nextPass();
    return card;
  };
  Session.prototype.skipCompleted = function () {
    // Copies later in a pass (after pass 1) are skipped once the card is completed.
    while (this.pass > 1 && this.position < this.queue.length && this.factor[this.queue[this.position]] === 1) this.position += 1;
  };
  Session.prototype.nextPass = function () {
    var self = this, entries = [];
    this.cards.forEach(function (card) {
      var f = self.factor[card];
      if (f == null || f === 1) return;
      for (var k = 0; k < Session.copies(f); k++) entries.push({ card: card, key: Math.pow(self.random(), 1 / f) });
    });
    entries.sort(function (a, b) { return b.key - a.key; });
    var queue = entries.map(function (e) { return e.card; });
    for (var i = 1; i < queue.length; i++) {
      if (queue[i] === queue[i - 1]) {
        for (var j = i + 1; j < queue.length; j++) {
          if (queue[j] !== queue[i]) { var t = queue[i]; queue[i] = queue[j]; queue[j] = t; break; }
        }
      }
    }
    this.pass += 1;
    this.queue = queue;
    this.position = 0;
    this.skipCompleted();
  };

  /* ---- §6.5 sessions: a gap of 30 minutes or more starts a new one. ---- */
  function groupSessions(reviews) {
    var sorted = reviews.slice().sort(function (a, b) { return Date.parse(a.at) - Date.parse(b.at); });
    var sessions = [], factor = {}, i = 0;
    while (i < sorted.length) {
      var end = i + 1;
      while (end < sorted.length && Date.parse(sorted[end].at) - Date.parse(sorted[end - 1].at) < SESSION_GAP_MS) end++;
      var slice = sorted.slice(i, end), before = Object.assign({}, factor), cards = {};
      var s = { start: slice[0].at, end: slice[slice.length - 1].at, reviews: slice.length, easy: 0, unsure: 0, hard: 0, completed: [] };
      slice.forEach(function (r) { factor[r.card] = REPEAT[r.rating]; s[r.rating] += 1; cards[r.card] = true; });
      s.cards = Object.keys(cards).length;
      s.completed = Object.keys(cards).filter(function (c) { return factor[c] === 1 && before[c] !== 1; }).sort();
      sessions.push(s);
      i = end;
    }
    return sessions;
  }

  /* ---- Export and merge. ---- */
  function sortKeys(value) {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === "object") {
      var out = {};
      Object.keys(value).sort().forEach(function (k) { out[k] = sortKeys(value[k]); });
      return out;
    }
    return value;
  }
  /* data: {cards: {id: {repeat, updatedAt}}, notes: {id: {text, updatedAt}}, reviews: [{card, rating, at}]} */
  function buildExport(deck, data, now) {
    return JSON.stringify(sortKeys({
      format: FORMAT, version: VERSION, deck: deck, exportedAt: new Date(now).toISOString(),
      cards: data.cards, notes: data.notes, reviews: data.reviews.slice().sort(compareReviews)
    }), null, 1) + "\n";
  }
  function compareReviews(a, b) {
    return Date.parse(a.at) - Date.parse(b.at) || (a.card < b.card ? -1 : a.card > b.card ? 1 : 0) || (a.rating < b.rating ? -1 : a.rating > b.rating ? 1 : 0);
  }
  function isTime(text) { return typeof text === "string" && !isNaN(Date.parse(text)); }

  /* Checks an import; returns {error} or {data} in the same shape as buildExport's input. */
  function parseExport(text) {
    var json;
    try { json = JSON.parse(text); } catch (e) { return { error: "This file is not valid JSON (" + e.message + ")." }; }
    if (!json || typeof json !== "object" || Array.isArray(json) || json.format !== FORMAT) return { error: "This file is not a Loupe study export (it has no \"format\": \"" + FORMAT + "\")." };
    if (typeof json.version !== "number" || json.version % 1 !== 0 || json.version < 1) return { error: "The export has no valid version number." };
    if (json.version > VERSION) return { error: "This export is format version " + json.version + ", made by a newer Loupe; this site reads version " + VERSION + ". Nothing was imported." };
    var data = { deck: typeof json.deck === "string" ? json.deck : null, cards: {}, notes: {}, reviews: [], skipped: 0 };
    var cards = json.cards && typeof json.cards === "object" ? json.cards : {};
    Object.keys(cards).forEach(function (id) {
      var e = cards[id];
      if (e && typeof e.repeat === "number" && e.repeat >= 1 && e.repeat <= 5 && e.repeat % 1 === 0) {
        data.cards[id] = { repeat: e.repeat }; if (isTime(e.updatedAt)) data.cards[id].updatedAt = e.updatedAt;
      } else data.skipped++;
    });
    var notes = json.notes && typeof json.notes === "object" ? json.notes : {};
    Object.keys(notes).forEach(function (id) {
      var e = notes[id];
      var note = typeof e === "string" ? { text: e } : (e && typeof e.text === "string" ? { text: e.text } : null);
      if (!note) { data.skipped++; return; }
      if (e && isTime(e.updatedAt)) note.updatedAt = e.updatedAt;
      data.notes[id] = note;
    });
    (Array.isArray(json.reviews) ? json.reviews : []).forEach(function (r) {
      if (r && typeof r.card === "string" && RATINGS.indexOf(r.rating) >= 0 && isTime(r.at)) data.reviews.push({ card: r.card, rating: r.rating, at: new Date(Date.parse(r.at)).toISOString() });
      else data.skipped++;
    });
    return { data: data };
  }

  /* Merges `incoming` into `local` (both {cards, notes, reviews}); never drops data.
     Reviews: union (same card, rating and time counted once). Repeat factors: the newer updatedAt
     wins. Notes: a new note is added; a different note for the same card keeps both texts, the
     local one first, then the imported one under a separator line. Returns {data, report}. */
  function merge(local, incoming) {
    var data = { cards: Object.assign({}, local.cards), notes: Object.assign({}, local.notes), reviews: local.reviews.slice() };
    var report = { reviewsAdded: 0, reviewsKnown: 0, progressUpdated: 0, progressKept: 0, notesAdded: 0, notesSame: 0, conflicts: [] };
    var seen = {};
    data.reviews.forEach(function (r) { seen[r.card + "\u0000" + r.rating + "\u0000" + Date.parse(r.at)] = true; });
    incoming.reviews.forEach(function (r) {
      var key = r.card + "\u0000" + r.rating + "\u0000" + Date.parse(r.at);
      if (seen[key]) { report.reviewsKnown++; return; }
      seen[key] = true; data.reviews.push(r); report.reviewsAdded++;
    });
    data.reviews.sort(compareReviews);
    Object.keys(incoming.cards).forEach(function (id) {
      var mine = data.cards[id], theirs = incoming.cards[id];
      if (!mine || (theirs.updatedAt && (!mine.updatedAt || Date.parse(theirs.updatedAt) > Date.parse(mine.updatedAt)))) { data.cards[id] = theirs; report.progressUpdated++; }
      else report.progressKept++;
    });
    Object.keys(incoming.notes).forEach(function (id) {
      var mine = data.notes[id], theirs = incoming.notes[id];
      if (!mine || !mine.text) { data.notes[id] = theirs; report.notesAdded++; return; }
      if (mine.text === theirs.text || mine.text.indexOf(theirs.text) >= 0) { report.notesSame++; return; }
      var newest = [mine.updatedAt, theirs.updatedAt].filter(isTime).sort().pop();
      data.notes[id] = { text: mine.text + "\n\n--- imported note" + (theirs.updatedAt ? " (" + theirs.updatedAt + ")" : "") + " ---\n" + theirs.text };
      if (newest) data.notes[id].updatedAt = newest;
      report.conflicts.push(id);
    });
    return { data: data, report: report };
  }

  var core = {
    FORMAT: FORMAT, VERSION: VERSION, REPEAT: REPEAT, GRADE: GRADE, DEFAULT_WEIGHTS: DEFAULT_WEIGHTS,
    FSRS: FSRS, Session: Session, rng: rng, shuffle: shuffle, groupSessions: groupSessions,
    buildExport: buildExport, parseExport: parseExport, merge: merge, roundHalfEven: roundHalfEven
  };
  if (typeof module !== "undefined" && module.exports) { module.exports = core; }
  if (typeof document === "undefined") return;

  /* ===================================================================== browser ===== */

  var doc = document;
  var body = doc.body;
  var deck = body.getAttribute("data-deck") || "deck";
  var siteRoot = body.getAttribute("data-root") || "";
  var prefix = "loupe:" + deck + ":";
  var fsrs = new FSRS();
  root.Loupe = root.Loupe || {};
  root.Loupe.study = core;

  /* ---- Storage: one key per card and note, one for the review log. ---- */
  var Store = {
    ok: (function () { try { var k = prefix + "probe"; localStorage.setItem(k, "1"); localStorage.removeItem(k); return true; } catch (e) { return false; } })(),
    get: function (key) { try { var v = localStorage.getItem(prefix + key); return v == null ? null : JSON.parse(v); } catch (e) { return null; } },
    set: function (key, value) {
      try { localStorage.setItem(prefix + key, JSON.stringify(value)); return true; } catch (e) { return false; }
    },
    remove: function (key) { try { localStorage.removeItem(prefix + key); } catch (e) { /* unavailable */ } },
    keys: function (kind) {
      var out = [], start = prefix + kind + ":";
      try {
        for (var i = 0; i < localStorage.length; i++) {
          var k = localStorage.key(i);
          if (k && k.indexOf(start) === 0) out.push(k.slice(start.length));
        }
      } catch (e) { /* unavailable */ }
      return out.sort();
    },
    card: function (id) { return Store.get("card:" + id); },
    note: function (id) { var n = Store.get("note:" + id); return n && typeof n.text === "string" && n.text !== "" ? n : null; },
    reviews: function () { var r = Store.get("reviews"); return Array.isArray(r) ? r : []; },
    all: function () {
      var data = { cards: {}, notes: {}, reviews: Store.reviews() };
      Store.keys("card").forEach(function (id) { var c = Store.card(id); if (c && c.repeat) data.cards[id] = { repeat: c.repeat, updatedAt: c.updatedAt }; });
      Store.keys("note").forEach(function (id) { var n = Store.note(id); if (n) data.notes[id] = { text: n.text, updatedAt: n.updatedAt }; });
      return data;
    }
  };
  root.Loupe.store = Store;

  /* Records an answer: repeat factor, FSRS state and the raw log entry. */
  function recordAnswer(id, rating, now) {
    var at = new Date(now).toISOString();
    var entry = Store.card(id) || {};
    var memory = entry.fsrs || fsrs.newCard();
    entry.repeat = REPEAT[rating];
    entry.updatedAt = at;
    entry.fsrs = fsrs.review(memory, GRADE[rating], now);
    Store.set("card:" + id, entry);
    var log = Store.reviews();
    log.push({ card: id, rating: rating, at: at });
    Store.set("reviews", log);
  }

  function el(tag, className, text) {
    var node = doc.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }
  function noteIcon() {
    var icon = el("span", "note-icon", "✎");
    icon.setAttribute("role", "img"); icon.setAttribute("aria-label", "has a note"); icon.title = "Has a note";
    return icon;
  }
  function endOfToday(now) { var d = new Date(now); d.setHours(23, 59, 59, 999); return d.getTime(); }

  /* Loads a data script once (script elements work from file:// too, unlike fetch). */
  var loading = {};
  function loadScript(src, done) {
    var entry = loading[src];
    if (entry && entry.state === "loaded") return done(true);
    if (entry && entry.state === "loading") { entry.waiting.push(done); return; }
    entry = loading[src] = { state: "loading", waiting: [done] };
    var script = doc.createElement("script");
    script.src = src;
    function settle(ok) {
      entry.state = ok ? "loaded" : "failed";
      var waiting = entry.waiting; entry.waiting = [];
      waiting.forEach(function (f) { f(ok); });
      if (!ok) { delete loading[src]; script.remove(); }
    }
    script.onload = function () { settle(true); };
    script.onerror = function () { settle(false); };
    doc.head.appendChild(script);
  }
  function loadIndex(done) {
    if (root.LoupeStudyIndex) return done(root.LoupeStudyIndex);
    loadScript(siteRoot + "study/cards.js", function () { done(root.LoupeStudyIndex || null); });
  }
  function cardsFromIndex(index) {
    return index.cards.map(function (c) {
      var topic = index.topics[c[2]];
      return { id: c[0], title: c[1], topic: topic[2], topicTitle: topic[1], category: index.categories[topic[0]], sections: c[3], url: "deck/" + c[0] + ".html" };
    });
  }

  /* ---- Topic lists: note icons and completion marks from this browser. ---- */
  Array.prototype.forEach.call(doc.querySelectorAll(".card-list li[data-card]"), function (item) {
    var id = item.getAttribute("data-card");
    var link = item.querySelector("a");
    if (Store.note(id) && !item.querySelector(".note-icon")) { item.insertBefore(doc.createTextNode(" "), link.nextSibling); item.insertBefore(noteIcon(), link.nextSibling.nextSibling); }
    var entry = Store.card(id);
    if (entry && entry.repeat === 1) {
      var done = el("span", "done-mark", "✓");
      done.setAttribute("role", "img"); done.setAttribute("aria-label", "completed"); done.title = "Completed";
      item.appendChild(doc.createTextNode(" ")); item.appendChild(done);
    }
  });

  /* ---- Card page: the note editor. ---- */
  var cardArticle = doc.querySelector("article.card[data-card]");
  var editor = cardArticle && cardArticle.querySelector(".note-editor");
  if (editor && Store.ok) {
    var cardId = cardArticle.getAttribute("data-card");
    var area = editor.querySelector("textarea");
    var status = editor.querySelector(".note-status");
    var saved = Store.note(cardId);
    area.value = saved ? saved.text : "";
    editor.hidden = false;
    editor.querySelector(".note-save").addEventListener("click", function () {
      var text = area.value;
      if (text.trim() === "") { Store.remove("note:" + cardId); status.textContent = "Note deleted."; return; }
      status.textContent = Store.set("note:" + cardId, { text: text, updatedAt: new Date().toISOString() }) ? "Saved in this browser." : "Could not save: this browser's storage is full or disabled.";
    });
    editor.querySelector(".note-delete").addEventListener("click", function () {
      Store.remove("note:" + cardId); area.value = ""; status.textContent = "Note deleted.";
    });
    area.addEventListener("keydown", function (e) {
      if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); editor.querySelector(".note-save").click(); }
    });
  }

  /* ---- Study page. ---- */
  var studyRoot = doc.getElementById("study");
  if (studyRoot) startStudy();

  function startStudy() {
    var status = doc.getElementById("study-status");
    var stage = doc.getElementById("study-stage");
    var params = new URLSearchParams(location.hash.slice(1));
    var topics = {};
    root.Loupe.studyTopicLoaded = function (key, cards) { topics[key] = cards; };
    loadIndex(function (index) {
      if (!index) { status.textContent = "The study data (study/cards.js) could not be loaded."; return; }
      var all = cardsFromIndex(index), byId = {};
      all.forEach(function (c) { byId[c.id] = c; });
      var scope = all, label = "all " + all.length + " cards";
      if (params.has("topic")) {
        var key = params.get("topic");
        scope = all.filter(function (c) { return c.topic === key; });
        label = scope.length ? "“" + scope[0].topicTitle + "” (" + scope.length + " cards)" : "this topic";
      } else if (params.has("due")) {
        var limit = endOfToday(Date.now());
        scope = all.filter(function (c) { var e = Store.card(c.id); return e && e.fsrs && e.fsrs.due != null && e.fsrs.due <= limit; });
        label = scope.length + " cards due today";
      }
      if (!scope.length) {
        status.textContent = params.has("due") ? "Nothing is due today. Shuffle all cards to study anyway." : "There are no cards to study here.";
        return;
      }
      var seed = params.has("seed") ? parseInt(params.get("seed"), 10) || 0 : undefined;
      var session = new Session(scope.map(function (c) { return c.id; }), { seed: seed });
      root.Loupe.session = session;
      function show() {
        var id = session.current();
        if (id === null) return finish();
        var card = byId[id];
        var src = siteRoot + "study/topics/" + card.topic + ".js";
        if (topics[card.topic]) return render(card, topics[card.topic][id]);
        status.textContent = "Loading…";
        loadScript(src, function () {
          if (!topics[card.topic]) { status.textContent = "Could not load the cards of this topic."; return; }
          render(card, topics[card.topic][id]);
        });
      }
      function render(card, data) {
        data = data || { s: [], i: [] };
        status.textContent = "Studying " + label + " · pass " + session.pass + " · " + session.remaining() + " left in this pass · " +
          session.completed.length + " completed";
        stage.textContent = "";
        var article = el("article", "card study-card");
        article.setAttribute("data-card", card.id);
        article.tabIndex = -1;
        var meta = el("p", "meta", card.category + " › " + card.topicTitle);
        var title = el("h2", "study-title");
        var link = el("a", null, card.title);
        link.href = siteRoot + card.url;
        title.appendChild(link);
        article.appendChild(meta); article.appendChild(title);
        if (data.i.length) {
          var strip = el("div", "strip" + (data.i.length > 1 ? " strip-many" : ""));
          data.i.forEach(function (image) {
            var fig = el("figure", "shot");
            var img = el("img"); img.src = siteRoot + image[0]; img.alt = image[1]; img.loading = "lazy"; img.decoding = "async";
            if (image[3]) { img.srcset = image[3].split(", ").map(function (s) { return siteRoot + s; }).join(", "); img.sizes = data.i.length > 1 ? "(min-width: 48rem) 37rem, calc(88vw - 2.5rem)" : "(min-width: 48rem) 42rem, calc(100vw - 3rem)"; }
            if (image[4]) { img.width = Number(image[4]); img.height = Number(image[5]); }
            if (image[6]) img.setAttribute("data-zoom", siteRoot + image[6]);
            fig.appendChild(img);
            if (image[2]) fig.appendChild(el("figcaption", null, image[2]));
            strip.appendChild(fig);
          });
          article.appendChild(strip);
        }
        var sections = el("div", "sections");
        data.s.forEach(function (html, i) {
          var section = el("section", "card-section");
          section.setAttribute("data-index", String(i + 1));
          section.innerHTML = html; // generated and escaped by Loupe at build time, like the card pages
          sections.appendChild(section);
        });
        if (!data.s.length) sections.appendChild(el("p", "empty", "This card has no sections."));
        article.appendChild(sections);
        var rate = el("div", "rate");
        rate.setAttribute("role", "group");
        rate.setAttribute("aria-label", "How well did you know it?");
        rate.hidden = true;
        [["easy", "Easy", "1"], ["unsure", "Unsure", "2"], ["hard", "Hard", "3"]].forEach(function (r) {
          var button = el("button", "rate-" + r[0]);
          button.type = "button";
          button.setAttribute("data-rating", r[0]);
          button.appendChild(doc.createTextNode(r[1] + " "));
          button.appendChild(el("kbd", null, r[2]));
          button.addEventListener("click", function () { answer(r[0]); });
          rate.appendChild(button);
        });
        article.appendChild(rate);
        stage.appendChild(article);
        var reveal = root.Loupe.Reveal ? root.Loupe.Reveal.init(article) : null;
        root.Loupe.reveal = reveal;
        function showRating() { rate.hidden = false; article.classList.add("is-rating"); }
        if (reveal && !reveal.isComplete()) reveal.onComplete = showRating; else showRating();
        article.focus({ preventScroll: false });
      }
      function answer(rating) {
        var id = session.current();
        if (id === null) return;
        var rate = stage.querySelector(".rate");
        if (!rate || rate.hidden) return;
        recordAnswer(id, rating, Date.now());
        session.rate(rating);
        show();
      }
      function finish() {
        root.Loupe.reveal = null;
        stage.textContent = "";
        var box = el("div", "study-done");
        box.appendChild(el("h2", null, "All done"));
        box.appendChild(el("p", null, "Every card in " + label + " is completed (" + session.completed.length + " newly completed). Answers: " +
          session.answers.easy + " easy, " + session.answers.unsure + " unsure, " + session.answers.hard + " hard."));
        var more = el("p");
        var progress = el("a", "button", "See progress"); progress.href = siteRoot + "progress.html";
        more.appendChild(progress);
        box.appendChild(more);
        stage.appendChild(box);
        status.textContent = "Session complete.";
      }
      doc.addEventListener("keydown", function (e) {
        if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
        if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
        var map = { "1": "easy", "2": "unsure", "3": "hard" };
        if (map[e.key]) { e.preventDefault(); answer(map[e.key]); }
      });
      show();
    });
  }

  /* ---- Progress page: this browser's numbers, export and import. ---- */
  var live = doc.getElementById("progress-live");
  if (live && Store.ok) loadIndex(function (index) { renderLiveProgress(index); });
  function renderLiveProgress(index) {
    var data = Store.all();
    var ids = Object.keys(data.cards);
    if (!ids.length && !data.reviews.length) return;
    var target = doc.getElementById("progress-live-body");
    target.textContent = "";
    var cards = index ? cardsFromIndex(index) : [];
    var categories = [], byCategory = {}, known = {};
    cards.forEach(function (c) {
      known[c.id] = true;
      if (!byCategory[c.category]) { byCategory[c.category] = { title: c.category, total: 0, completed: 0 }; categories.push(byCategory[c.category]); }
      byCategory[c.category].total++;
      var entry = data.cards[c.id];
      if (entry && entry.repeat === 1) byCategory[c.category].completed++;
    });
    var completed = categories.reduce(function (n, c) { return n + c.completed; }, 0);
    var table = el("table", "completion");
    var tbody = el("tbody");
    function row(title, done, total) {
      var tr = el("tr"), th = el("th", null, title), td = el("td"), bar = el("td"), p = el("progress");
      th.scope = "row";
      var count = el("span", "completed", String(done));
      td.appendChild(count); td.appendChild(doc.createTextNode(" of " + total));
      p.max = total || 1; p.value = done; p.setAttribute("aria-label", title + ": " + (total ? Math.floor(done * 100 / total) : 0) + " percent completed");
      bar.appendChild(p);
      tr.appendChild(th); tr.appendChild(td); tr.appendChild(bar);
      return tr;
    }
    var overall = row("All cards", completed, cards.length);
    overall.className = "overall";
    tbody.appendChild(overall);
    categories.forEach(function (c) { tbody.appendChild(row(c.title, c.completed, c.total)); });
    table.appendChild(tbody);
    target.appendChild(table);
    var now = Date.now(), limit = endOfToday(now), due = 0;
    ids.forEach(function (id) { var e = Store.card(id); if (known[id] && e && e.fsrs && e.fsrs.due != null && e.fsrs.due <= limit) due++; });
    var dueLine = el("p", "live-due");
    dueLine.appendChild(doc.createTextNode(due + " cards due today. "));
    if (due) { var go = el("a", "button", "Study due cards"); go.href = siteRoot + "study.html#due"; dueLine.appendChild(go); }
    target.appendChild(dueLine);
    var sessions = groupSessions(data.reviews).reverse().slice(0, 10);
    if (sessions.length) {
      target.appendChild(el("h3", null, "Recent sessions"));
      var list = el("ul", "live-sessions");
      sessions.forEach(function (s) {
        list.appendChild(el("li", null, new Date(s.start).toLocaleString() + ": " + s.cards + " cards, " + s.easy + " easy, " + s.unsure + " unsure, " + s.hard + " hard, " + s.completed.length + " completed"));
      });
      target.appendChild(list);
    }
    var orphaned = ids.filter(function (id) { return index && !known[id]; });
    if (orphaned.length) target.appendChild(el("p", "meta", orphaned.length + " saved cards are not in this deck any more (kept, and included in exports): " + orphaned.join(", ")));
    live.hidden = false;
  }

  var io = doc.getElementById("study-io");
  if (io && Store.ok) {
    io.hidden = false;
    var report = doc.getElementById("study-import-report");
    doc.getElementById("study-export").addEventListener("click", function () {
      var text = buildExport(deck, Store.all(), Date.now());
      var blob = new Blob([text], { type: "application/json" });
      var a = doc.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "loupe-study-" + deck.replace(/[^A-Za-z0-9_-]+/g, "-") + "-" + new Date().toISOString().slice(0, 10) + ".json";
      doc.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
      report.textContent = "Exported " + Object.keys(Store.all().cards).length + " cards, " + Object.keys(Store.all().notes).length + " notes.";
    });
    doc.getElementById("study-import").addEventListener("change", function (e) {
      var file = e.target.files && e.target.files[0];
      if (!file) return;
      var reader = new FileReader();
      reader.onload = function () { report.textContent = importText(String(reader.result)); e.target.value = ""; };
      reader.onerror = function () { report.textContent = "The file could not be read."; };
      reader.readAsText(file);
    });
  }

  /* Imports an export's text into this browser; returns a summary for the user. */
  function importText(text) {
    var parsed = parseExport(text);
    if (parsed.error) return parsed.error;
    var result = merge(Store.all(), parsed.data);
    var data = result.data, r = result.report;
    // Write back; FSRS states are replayed from the merged log of each card.
    var byCard = {};
    data.reviews.forEach(function (rv) { (byCard[rv.card] = byCard[rv.card] || []).push(rv); });
    var ids = {};
    Object.keys(data.cards).concat(Object.keys(byCard)).forEach(function (id) { ids[id] = true; });
    Object.keys(ids).forEach(function (id) {
      var entry = Store.card(id) || {};
      var saved = data.cards[id];
      var last = byCard[id] ? byCard[id][byCard[id].length - 1] : null;
      if (saved && (!last || !saved.updatedAt || Date.parse(saved.updatedAt) >= Date.parse(last.at))) { entry.repeat = saved.repeat; entry.updatedAt = saved.updatedAt; }
      else if (last) { entry.repeat = REPEAT[last.rating]; entry.updatedAt = last.at; }
      if (byCard[id]) entry.fsrs = fsrs.replay(byCard[id]);
      Store.set("card:" + id, entry);
    });
    Object.keys(data.notes).forEach(function (id) { Store.set("note:" + id, data.notes[id]); });
    if (!Store.set("reviews", data.reviews)) return "Could not save: this browser's storage is full.";
    var lines = ["Imported " + r.reviewsAdded + " new reviews (" + r.reviewsKnown + " already here), " + r.progressUpdated + " progress entries (" + r.progressKept + " newer here kept), " +
      r.notesAdded + " new notes (" + r.notesSame + " unchanged)."];
    if (r.conflicts.length) lines.push("Notes that differed were kept both, yours first: " + r.conflicts.join(", ") + ".");
    if (parsed.data.skipped) lines.push(parsed.data.skipped + " malformed entries were skipped.");
    if (parsed.data.deck && parsed.data.deck !== deck) lines.push("The file came from the deck “" + parsed.data.deck + "”; cards were matched by id.");
    if (live) renderLiveProgress(root.LoupeStudyIndex || null);
    return lines.join(" ");
  }
  root.Loupe.importStudy = importText;

  /* ---- Notes page: notes kept in this browser, as text. ---- */
  var notesLive = doc.getElementById("notes-live");
  if (notesLive && Store.ok) {
    var noteIds = Store.keys("note").filter(function (id) { return Store.note(id); });
    if (noteIds.length) {
      loadIndex(function (index) {
        var byId = {};
        if (index) cardsFromIndex(index).forEach(function (c) { byId[c.id] = c; });
        var list = doc.getElementById("notes-live-list");
        noteIds.forEach(function (id) {
          var note = Store.note(id), card = byId[id];
          var item = el("li");
          item.setAttribute("data-card", id);
          if (card) {
            var link = el("a", null, card.title); link.href = siteRoot + card.url;
            item.appendChild(link);
            item.appendChild(doc.createTextNode(" "));
            item.appendChild(el("span", "meta", card.category + " › " + card.topicTitle));
          } else {
            item.appendChild(el("code", null, id));
            item.appendChild(el("span", "meta", " (not in this deck any more)"));
          }
          item.appendChild(el("div", "note-body note-text", note.text));
          list.appendChild(item);
        });
        notesLive.hidden = false;
      });
    }
  }
})(typeof window !== "undefined" ? window : globalThis);
