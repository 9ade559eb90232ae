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
  /* A map keyed by data (card ids, titles): no prototype, so "constructor" or "__proto__" are plain keys. */
  function dict(from) { var out = Object.create(null); if (from) Object.keys(from).forEach(function (k) { out[k] = from[k]; }); return out; }

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
    var next = function () {
      a = (a + 0x6D2B79F5) >>> 0;
      var t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    /* The generator's whole state: rng(next.state()) continues the same sequence. */
    next.state = function () { return a; };
    return next;
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
    this.factor = Object.create(null); // card ids are data: "constructor" or "__proto__" must be plain keys
    this.cards = cards.slice();
    this.pass = 1;
    this.queue = shuffle(this.cards, this.random);
    this.position = 0;
    this.answers = { easy: 0, unsure: 0, hard: 0 };
    this.completed = [];
    this.skipCompleted();
  }
  Session.copies = function (factor) { return factor >= 5 ? 2 : factor > 1 ? 1 : 0; };
  /* A plain-JSON snapshot of the whole session (for resuming after a reload, and for undo). */
  Session.prototype.snapshot = function () {
    return JSON.parse(JSON.stringify({ random: this.random.state(), factor: this.factor, cards: this.cards, pass: this.pass,
      queue: this.queue, position: this.position, answers: this.answers, completed: this.completed }));
  };
  /* The session a snapshot describes, or null if the snapshot is not one. */
  Session.restore = function (snap) {
    if (!snap || !Array.isArray(snap.cards) || !Array.isArray(snap.queue) || typeof snap.position !== "number" ||
        typeof snap.pass !== "number" || typeof snap.random !== "number") return null;
    var session = Object.create(Session.prototype);
    session.random = rng(snap.random);
    session.factor = Object.assign(Object.create(null), snap.factor || {});
    session.cards = snap.cards.slice();
    session.pass = snap.pass;
    session.queue = snap.queue.slice();
    session.position = snap.position;
    session.answers = Object.assign({ easy: 0, unsure: 0, hard: 0 }, snap.answers || {});
    session.completed = Array.isArray(snap.completed) ? snap.completed.slice() : [];
    return session;
  };
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
    var sessions = [], factor = dict(), i = 0;
    while (i < sorted.length) {
      var end = i + 1;
      while (end < sorted.length && Date.parse(sorted[end].at) - Date.parse(sorted[end - 1].at) < SESSION_GAP_MS) end++;
      var slice = sorted.slice(i, end), before = dict(factor), cards = dict();
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
      var out = dict();
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
    var data = { deck: typeof json.deck === "string" ? json.deck : null, cards: dict(), notes: dict(), reviews: [], skipped: 0 };
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
    var data = { cards: dict(local.cards), notes: dict(local.notes), reviews: local.reviews.slice() };
    var report = { reviewsAdded: 0, reviewsKnown: 0, progressUpdated: 0, progressKept: 0, notesAdded: 0, notesSame: 0, conflicts: [] };
    var seen = dict();
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

  /* ---- Study-tool helpers: interval labels, today's queue with daily limits, review heatmap. ---- */

  /* "10 min", "3 h", "1 d", "12 d", "2.5 mo", "1.2 y": the wait until a card is due again. */
  function formatInterval(ms) {
    var minutes = ms / 60000;
    if (minutes < 60) return Math.max(1, Math.round(minutes)) + " min";
    var hours = minutes / 60;
    if (hours < 24) return Math.round(hours) + " h";
    var days = hours / 24;
    if (days < 30.5) return Math.round(days) + " d";
    if (days < 365) return (Math.round(days / 30.4 * 10) / 10) + " mo";
    return (Math.round(days / 365 * 10) / 10) + " y";
  }

  /* Local calendar day (yyyy-mm-dd) of a time in ms. */
  function dayKey(ms) {
    var d = new Date(ms);
    return d.getFullYear() + "-" + String(d.getMonth() + 1).padStart(2, "0") + "-" + String(d.getDate()).padStart(2, "0");
  }

  /* Today's cards with daily limits, like Anki: the cards due (FSRS) up to `limits.reviews` a day,
     then cards never studied up to `limits.newCards` a day; what was already studied today counts
     against both. cards: [id] in deck order; states: {id: {fsrs}} ; reviews: the log. */
  function todaysCards(cards, states, reviews, limits, now) {
    var today = dayKey(now), end = new Date(now); end.setHours(23, 59, 59, 999);
    var firstSeen = dict(), reviewedToday = dict();
    reviews.slice().sort(function (a, b) { return Date.parse(a.at) - Date.parse(b.at); }).forEach(function (r) {
      if (!(r.card in firstSeen)) firstSeen[r.card] = dayKey(Date.parse(r.at));
      if (dayKey(Date.parse(r.at)) === today) reviewedToday[r.card] = true;
    });
    var newToday = 0, reviewsToday = 0;
    Object.keys(reviewedToday).forEach(function (id) { if (firstSeen[id] === today) newToday++; else reviewsToday++; });
    var due = [], fresh = [];
    cards.forEach(function (id) {
      var state = states[id];
      if (!(id in firstSeen) && !(state && state.fsrs)) fresh.push(id);
      else if (state && state.fsrs && state.fsrs.due != null && state.fsrs.due <= end.getTime()) due.push(id);
    });
    due.sort(function (a, b) { return states[a].fsrs.due - states[b].fsrs.due; });
    var reviewRoom = Math.max(0, limits.reviews - reviewsToday), newRoom = Math.max(0, limits.newCards - newToday);
    return { due: due.slice(0, reviewRoom), fresh: fresh.slice(0, newRoom), dueTotal: due.length, freshTotal: fresh.length,
      newToday: newToday, reviewsToday: reviewsToday };
  }

  /* Reviews per local day for the `days` days ending today: [{day, count}], oldest first. */
  function reviewDays(reviews, now, days) {
    var counts = dict();
    reviews.forEach(function (r) { var k = dayKey(Date.parse(r.at)); counts[k] = (counts[k] || 0) + 1; });
    var out = [], d = new Date(now);
    d.setHours(12, 0, 0, 0);
    for (var i = days - 1; i >= 0; i--) {
      var day = new Date(d.getTime() - i * DAY_MS), key = dayKey(day.getTime());
      out.push({ day: key, weekday: day.getDay(), count: counts[key] || 0 });
    }
    return out;
  }

  /* Days in a row, up to today (or yesterday if nothing yet today), with at least one review. */
  function streak(reviews, now) {
    var days = dict();
    reviews.forEach(function (r) { days[dayKey(Date.parse(r.at))] = true; });
    var d = new Date(now); d.setHours(12, 0, 0, 0);
    if (!days[dayKey(d.getTime())]) d = new Date(d.getTime() - DAY_MS);
    var n = 0;
    while (days[dayKey(d.getTime())]) { n++; d = new Date(d.getTime() - DAY_MS); }
    return n;
  }

  var core = {
    FORMAT: FORMAT, VERSION: VERSION, REPEAT: REPEAT, GRADE: GRADE, DEFAULT_WEIGHTS: DEFAULT_WEIGHTS,
    FSRS: FSRS, Session: Session, rng: rng, shuffle: shuffle, groupSessions: groupSessions,
    buildExport: buildExport, parseExport: parseExport, merge: merge, roundHalfEven: roundHalfEven, dict: dict,
    formatInterval: formatInterval, dayKey: dayKey, todaysCards: todaysCards, reviewDays: reviewDays, streak: streak
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
      var data = { cards: dict(), notes: dict(), reviews: Store.reviews() };
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
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  /* Daily limits, set on the Progress page and kept in this browser. */
  var DEFAULT_LIMITS = { newCards: 20, reviews: 200 };
  function settings() {
    var saved = Store.get("settings") || {};
    function number(v, fallback) { return typeof v === "number" && v >= 0 && v <= 100000 && v % 1 === 0 ? v : fallback; }
    return { newCards: number(saved.newCards, DEFAULT_LIMITS.newCards), reviews: number(saved.reviews, DEFAULT_LIMITS.reviews) };
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
      return { id: c[0], title: c[1], topic: topic[2], topicTitle: topic[1], category: index.categories[topic[0]], sections: c[3], part: c[4], url: "deck/" + c[0] + ".html" };
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
    // The mode links only change the hash: start the chosen mode afresh.
    root.addEventListener("hashchange", function () { location.reload(); });
    Array.prototype.forEach.call(doc.querySelectorAll(".study-modes a[data-mode]"), function (a) {
      var mode = a.getAttribute("data-mode");
      if ((mode === "all" && !params.toString()) || params.has(mode)) a.setAttribute("aria-current", "page");
    });
    /* Cards' sections and images by id, from the part files loaded so far (a part holds up to 16 cards of one topic). */
    var loaded = dict();
    root.Loupe.studyPartLoaded = function (key, cards) { Object.keys(cards).forEach(function (id) { loaded[id] = cards[id]; }); };
    loadIndex(function (index) {
      if (!index) { status.textContent = "The study data (study/cards.js) could not be loaded."; return; }
      var all = cardsFromIndex(index), byId = dict();
      all.forEach(function (c) { byId[c.id] = c; });
      var scope = all, label = "all " + all.length + " cards", scopeKey = "all", limits = settings();
      if (params.has("topic")) {
        var key = params.get("topic");
        scope = all.filter(function (c) { return c.topic === key; });
        scopeKey = "topic:" + key;
        label = scope.length ? "“" + scope[0].topicTitle + "” (" + plural(scope.length, "card") + ")" : "this topic";
      } else if (params.has("category")) {
        var slug = params.get("category");
        scope = all.filter(function (c) { return c.topic.split("/")[0] === slug; });
        scopeKey = "category:" + slug;
        label = scope.length ? "“" + scope[0].category + "” (" + plural(scope.length, "card") + ")" : "this category";
      } else if (params.has("due")) {
        var states = dict();
        all.forEach(function (c) { var e = Store.card(c.id); if (e) states[c.id] = e; });
        var today = todaysCards(all.map(function (c) { return c.id; }), states, Store.reviews(), limits, Date.now());
        var picked = dict();
        today.due.concat(today.fresh).forEach(function (id) { picked[id] = true; });
        scope = all.filter(function (c) { return picked[c.id]; });
        scopeKey = "due:" + dayKey(Date.now());
        label = "today’s " + plural(today.due.length, "due card") + " and " + plural(today.fresh.length, "new card");
      }
      var saved = Store.get("session");
      var session = null, resumed = false;
      if (saved && saved.scope === scopeKey && !params.has("seed")) {
        session = Session.restore(saved.session);
        // A deck that changed since (cards added or removed) starts a new session.
        var ids = scope.map(function (c) { return c.id; }).sort().join("\n");
        if (session && scopeKey.indexOf("due:") !== 0 && session.cards.slice().sort().join("\n") !== ids) session = null;
        if (session && session.cards.some(function (id) { return !byId[id]; })) session = null;
        resumed = !!session;
      }
      if (!scope.length && !session) {
        status.textContent = params.has("due") ? "Nothing is due today and no new cards are left for today (limits: " +
          plural(limits.newCards, "new card") + ", " + plural(limits.reviews, "review") + " a day; change them on the Progress page). Shuffle all cards to study anyway." :
          "There are no cards to study here.";
        return;
      }
      if (!session) {
        var seed = params.has("seed") ? parseInt(params.get("seed"), 10) || 0 : undefined;
        session = new Session(scope.map(function (c) { return c.id; }), { seed: seed });
      }
      root.Loupe.session = session;
      var history = [];
      function save() { Store.set("session", { scope: scopeKey, session: session.snapshot() }); }
      save();
      var controls = el("p", "study-controls");
      var undo = el("button", "secondary study-undo", "Undo last rating");
      undo.type = "button";
      undo.setAttribute("aria-keyshortcuts", "U");
      undo.hidden = true;
      undo.addEventListener("click", function () { undoLast(); });
      var restart = el("button", "secondary study-restart", "Start over");
      restart.type = "button";
      restart.addEventListener("click", function () { Store.remove("session"); location.reload(); });
      controls.appendChild(undo); controls.appendChild(doc.createTextNode(" ")); controls.appendChild(restart);
      status.after(controls);
      function show() {
        undo.hidden = history.length === 0;
        var id = session.current();
        if (id === null) return finish();
        var card = byId[id];
        if (loaded[id]) return render(card, loaded[id]);
        status.textContent = "Loading…";
        stage.textContent = "";
        loadScript(siteRoot + "study/topics/" + card.topic + "/" + card.part + ".js", function () {
          if (!loaded[id]) { status.textContent = "Could not load this card’s sections (study/topics/" + card.topic + "/" + card.part + ".js)."; return; }
          render(card, loaded[id]);
        });
      }
      // A section's headings one level down: here the card title is the <h2>, on the card page the <h1>.
      function demoteHeadings(root) {
        Array.prototype.forEach.call(root.querySelectorAll("h1, h2, h3, h4, h5"), function (heading) {
          var deeper = doc.createElement("h" + (Number(heading.tagName.charAt(1)) + 1));
          Array.prototype.forEach.call(heading.attributes, function (a) { deeper.setAttribute(a.name, a.value); });
          while (heading.firstChild) deeper.appendChild(heading.firstChild);
          heading.parentNode.replaceChild(deeper, heading);
        });
      }
      function render(card, data) {
        data = data || { s: [], i: [] };
        status.textContent = (resumed ? "Resumed: " : "Studying ") + label + " · pass " + session.pass + " · " + session.remaining() + " left in this pass · " +
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
          data.i.forEach(function (image, n) {
            var fig = el("figure", "shot");
            var img = el("img"); img.src = siteRoot + image[0]; img.alt = image[1]; img.loading = "lazy"; img.decoding = "async";
            if (image[3]) { img.srcset = image[3].split(", ").map(function (s) { return siteRoot + s; }).join(", "); img.sizes = data.i.length > 1 ? "(min-width: 48rem) 37rem, calc(88vw - 2.5rem)" : "(min-width: 48rem) 42rem, calc(100vw - 3rem)"; }
            if (image[4]) { img.width = Number(image[4]); img.height = Number(image[5]); }
            if (image[6]) img.setAttribute("data-zoom", siteRoot + image[6]);
            var zoom = el("a", "zoom"); zoom.href = image[6] ? siteRoot + image[6] : img.src;
            zoom.setAttribute("aria-label", "Enlarge image " + (n + 1) + " of " + data.i.length);
            zoom.appendChild(img);
            fig.appendChild(zoom);
            if (image[2]) fig.appendChild(el("figcaption", null, image[2]));
            strip.appendChild(fig);
          });
          article.appendChild(strip);
        }
        var sections = el("div", "sections");
        data.s.forEach(function (html, i) {
          var section = el("section", "card-section");
          section.setAttribute("data-index", String(i + 1));
          section.innerHTML = html; // the card page's section, generated and escaped by Loupe at build time
          demoteHeadings(section);
          sections.appendChild(section);
        });
        if (!data.s.length) sections.appendChild(el("p", "empty", "This card has no sections."));
        article.appendChild(sections);
        var rate = el("div", "rate");
        rate.setAttribute("role", "group");
        rate.setAttribute("aria-label", "How well did you know it?");
        rate.hidden = true;
        var memory = (Store.card(card.id) || {}).fsrs || fsrs.newCard(), now = Date.now();
        [["easy", "Easy", "1"], ["unsure", "Unsure", "2"], ["hard", "Hard", "3"]].forEach(function (r) {
          var button = el("button", "rate-" + r[0]);
          button.type = "button";
          button.setAttribute("data-rating", r[0]);
          button.setAttribute("aria-keyshortcuts", r[2]);
          var next = fsrs.review(memory, GRADE[r[0]], now);
          button.appendChild(doc.createTextNode(r[1] + " "));
          button.appendChild(el("kbd", null, r[2]));
          var when = el("span", "rate-interval", formatInterval(next.due - now));
          when.title = "Due again in " + when.textContent + " (FSRS)";
          button.appendChild(when);
          button.addEventListener("click", function () { answer(r[0]); });
          rate.appendChild(button);
        });
        article.appendChild(rate);
        stage.appendChild(article);
        if (root.Loupe.Strip) root.Loupe.Strip.attach(article);
        if (root.Loupe.Zoom) root.Loupe.Zoom.attach(article);
        var reveal = root.Loupe.Reveal ? root.Loupe.Reveal.init(article) : null;
        root.Loupe.reveal = reveal;
        function showRating() {
          rate.hidden = false; article.classList.add("is-rating");
          if (rate.scrollIntoView) rate.scrollIntoView({ block: "nearest" });
        }
        if (reveal && !reveal.isComplete()) reveal.onComplete = showRating; else showRating();
        article.focus({ preventScroll: true });
        root.scrollTo(0, 0);
      }
      function answer(rating) {
        var id = session.current();
        if (id === null) return;
        var rate = stage.querySelector(".rate");
        if (!rate || rate.hidden) return;
        history.push({ session: session.snapshot(), card: id, entry: Store.card(id), reviews: Store.reviews().length });
        if (history.length > 20) history.shift();
        recordAnswer(id, rating, Date.now());
        session.rate(rating);
        resumed = false;
        save();
        show();
      }
      function undoLast() {
        var last = history.pop();
        if (!last) return;
        if (last.entry) Store.set("card:" + last.card, last.entry); else Store.remove("card:" + last.card);
        Store.set("reviews", Store.reviews().slice(0, last.reviews));
        session = Session.restore(last.session);
        root.Loupe.session = session;
        save();
        show();
        status.textContent = "Undone: the last rating was taken back. " + status.textContent;
      }
      function finish() {
        root.Loupe.reveal = null;
        Store.remove("session");
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
        if (doc.querySelector("dialog[open]")) return;
        var map = { "1": "easy", "2": "unsure", "3": "hard" };
        if (map[e.key]) { e.preventDefault(); answer(map[e.key]); }
        else if ((e.key === "u" || e.key === "U") && history.length) { e.preventDefault(); undoLast(); }
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
    var categories = [], byCategory = dict(), known = dict();
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
    dueLine.appendChild(doc.createTextNode(plural(due, "card") + " due today. "));
    if (due) { var go = el("a", "button", "Study due cards"); go.href = siteRoot + "study.html#due"; dueLine.appendChild(go); }
    target.appendChild(dueLine);
    target.appendChild(heatmap(data.reviews, now));
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

  /* Counts and a review heatmap of the last 26 weeks (one square a day, darker = more reviews). */
  function heatmap(reviews, now) {
    var box = el("div", "heatmap-block");
    var days = reviewDays(reviews, now, 26 * 7 - (6 - new Date(now).getDay()));
    var today = days[days.length - 1].count, total = reviews.length;
    var active = days.filter(function (d) { return d.count > 0; }).length;
    var counts = el("ul", "study-counts");
    [[String(today), today === 1 ? "review today" : "reviews today"], [String(total), total === 1 ? "review in all" : "reviews in all"],
     [String(streak(reviews, now)), "day streak"], [String(active), active === 1 ? "day studied (26 weeks)" : "days studied (26 weeks)"]].forEach(function (c) {
      var li = el("li"); li.appendChild(el("strong", null, c[0])); li.appendChild(doc.createTextNode(" " + c[1])); counts.appendChild(li);
    });
    box.appendChild(el("h3", null, "Reviews per day"));
    box.appendChild(counts);
    var max = days.reduce(function (m, d) { return Math.max(m, d.count); }, 0);
    var grid = el("div", "heatmap");
    grid.setAttribute("role", "img");
    grid.setAttribute("aria-label", "Reviews per day over the last 26 weeks: " + plural(total, "review") + " on " + plural(active, "day") + ".");
    var pad = days[0].weekday;
    for (var i = 0; i < pad; i++) grid.appendChild(el("span", "day pad"));
    days.forEach(function (d) {
      var level = d.count === 0 ? 0 : Math.min(4, Math.max(1, Math.ceil(d.count * 4 / Math.max(1, max))));
      var cell = el("span", "day level-" + level);
      cell.title = d.day + ": " + plural(d.count, "review");
      cell.setAttribute("data-day", d.day);
      cell.setAttribute("data-count", String(d.count));
      grid.appendChild(cell);
    });
    box.appendChild(grid);
    return box;
  }

  /* Daily limits for Due today (new cards and reviews), kept in this browser. */
  var settingsBox = doc.getElementById("study-settings");
  if (settingsBox && Store.ok) {
    var current = settings();
    var newInput = doc.getElementById("limit-new"), reviewInput = doc.getElementById("limit-reviews");
    var settingsStatus = doc.getElementById("study-settings-status");
    newInput.value = current.newCards; reviewInput.value = current.reviews;
    settingsBox.hidden = false;
    settingsBox.querySelector("form").addEventListener("submit", function (e) {
      e.preventDefault();
      var n = parseInt(newInput.value, 10), r = parseInt(reviewInput.value, 10);
      if (!(n >= 0 && n <= 9999) || !(r >= 0 && r <= 9999)) { settingsStatus.textContent = "Use whole numbers from 0 to 9999."; return; }
      Store.set("settings", { newCards: n, reviews: r });
      settingsStatus.textContent = "Saved: " + plural(n, "new card") + " and " + plural(r, "review") + " a day.";
    });
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
    var byCard = dict();
    data.reviews.forEach(function (rv) { (byCard[rv.card] = byCard[rv.card] || []).push(rv); });
    var ids = dict();
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
        var byId = dict();
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
