// node --test tests/js — the browser study code's pure parts (Templates/assets/study.js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const study = require(path.join(__dirname, "..", "..", "Templates", "assets", "study.js"));

const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, "fsrs-vectors.json"), "utf8"));

test("default weights are the FSRS-6 reference weights", () => {
  assert.deepEqual(study.DEFAULT_WEIGHTS, vectors.weights);
  assert.equal(study.DEFAULT_WEIGHTS.length, 21);
});

for (const c of vectors.cases) {
  test(`FSRS vector: ${c.name}`, () => {
    const fsrs = new study.FSRS({ learningSteps: c.learningSteps, relearningSteps: c.relearningSteps });
    let card = fsrs.newCard();
    const intervals = [];
    c.reviews.forEach((review, i) => {
      const at = Date.parse(review.at);
      card = fsrs.review(card, review.grade, at);
      const expected = c.expected[i];
      assert.equal(card.state, expected.state, `review ${i + 1} state`);
      assert.equal(card.step, expected.step, `review ${i + 1} step`);
      assert.ok(Math.abs(card.stability - expected.stability) < 1e-6, `review ${i + 1} stability ${card.stability} vs ${expected.stability}`);
      assert.ok(Math.abs(card.difficulty - expected.difficulty) < 1e-6, `review ${i + 1} difficulty`);
      assert.equal(new Date(card.due).toISOString(), expected.due, `review ${i + 1} due`);
      intervals.push(study.FSRS.wholeDays(at, card.due));
    });
    if (c.published && c.published.intervalDays) assert.deepEqual(intervals, c.published.intervalDays);
    if (c.published && c.published.stability) assert.ok(Math.abs(card.stability - c.published.stability) < 1e-4);
    if (c.published && c.published.difficulty) assert.ok(Math.abs(card.difficulty - c.published.difficulty) < 1e-4);
  });
}

test("ratings map to repeat factors and FSRS grades", () => {
  assert.deepEqual(study.REPEAT, { easy: 1, unsure: 3, hard: 5 });
  assert.deepEqual(study.GRADE, { hard: 1, unsure: 2, easy: 3 });
  assert.equal(study.roundHalfEven(2.5), 2);
  assert.equal(study.roundHalfEven(3.5), 4);
});

test("replay from an ISO review log equals step-by-step review", () => {
  const fsrs = new study.FSRS();
  const log = [{ rating: "easy", at: "2025-05-01T10:00:00.000Z" }, { rating: "hard", at: "2025-05-03T10:00:00.000Z" }];
  const stepwise = fsrs.review(fsrs.review(fsrs.newCard(), 3, Date.parse(log[0].at)), 1, Date.parse(log[1].at));
  assert.deepEqual(fsrs.replay(log.slice().reverse()), stepwise);
});

function runSession(cards, seed, answerFor) {
  const s = new study.Session(cards, { seed });
  const passes = [];
  let guard = 0;
  while (!s.isDone() && guard++ < 1000) {
    const pass = s.pass;
    passes[pass - 1] = passes[pass - 1] || [];
    const card = s.current();
    passes[pass - 1].push(card);
    s.rate(answerFor(card, pass));
  }
  return { session: s, passes };
}

test("a session: pass 1 has every card once, then hard cards twice, unsure once, completed never", () => {
  const cards = ["a", "b", "c", "d", "e", "f"];
  const firstAnswer = { a: "easy", b: "hard", c: "unsure", d: "hard", e: "easy", f: "unsure" };
  const { session, passes } = runSession(cards, 42, (card, pass) => pass === 1 ? firstAnswer[card] : "easy");
  assert.deepEqual(passes[0].slice().sort(), cards);
  // Pass 2 before skipping: b, d twice; c, f once. Everything answered easy, so each copy after the
  // first of a card is skipped: the pass shows each not-completed card exactly once.
  assert.deepEqual(passes[1].slice().sort(), ["b", "c", "d", "f"]);
  assert.equal(passes.length, 2);
  assert.ok(session.isDone());
  assert.deepEqual(session.completed.slice().sort(), cards);
  assert.deepEqual(session.answers, { easy: 6, unsure: 2, hard: 2 });
});

test("hard cards come back twice while still not known, never back to back", () => {
  const { passes } = runSession(["a", "b", "c"], 7, (card, pass) => (pass === 1 ? { a: "hard", b: "unsure", c: "easy" }[card] : pass === 2 ? "hard" : "easy"));
  const second = passes[1];
  assert.deepEqual(second.slice().sort(), ["a", "a", "b"]);
  for (let i = 1; i < second.length; i++) assert.notEqual(second[i], second[i - 1]);
  // pass 3: both still hard -> twice each
  assert.deepEqual(passes[2].slice().sort(), ["a", "b"]);
});

test("the same seed gives the same order; the weighting puts hard cards earlier on average", () => {
  const cards = Array.from({ length: 20 }, (_, i) => "c" + i);
  const answers = (card) => (parseInt(card.slice(1), 10) < 10 ? "hard" : "unsure");
  const a = runSession(cards, 123, (c, p) => (p === 1 ? answers(c) : "easy")).passes;
  const b = runSession(cards, 123, (c, p) => (p === 1 ? answers(c) : "easy")).passes;
  assert.deepEqual(a, b);
  let hardSum = 0, hardN = 0, unsureSum = 0, unsureN = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const s = new study.Session(cards, { seed });
    while (s.pass === 1) s.rate(answers(s.current()));
    s.queue.forEach((card, i) => {
      if (card !== s.queue[s.queue.indexOf(card)] || s.queue.indexOf(card) !== i) return; // first copy only
      if (answers(card) === "hard") { hardSum += i; hardN++; } else { unsureSum += i; unsureN++; }
    });
  }
  assert.ok(hardSum / hardN < unsureSum / unsureN, `hard ${hardSum / hardN} unsure ${unsureSum / unsureN}`);
});

test("sessions: a gap of 30 minutes starts a new one; completion counted once", () => {
  const t = (m) => new Date(Date.parse("2025-05-01T08:00:00Z") + m * 60000).toISOString();
  const reviews = [
    { card: "a", rating: "hard", at: t(0) }, { card: "b", rating: "unsure", at: t(5) }, { card: "a", rating: "easy", at: t(10) },
    { card: "b", rating: "easy", at: t(39.99) }, { card: "c", rating: "hard", at: t(69.99) }, { card: "b", rating: "hard", at: t(70) },
    { card: "c", rating: "easy", at: t(71) },
  ];
  const sessions = study.groupSessions(reviews);
  assert.equal(sessions.length, 2);
  assert.deepEqual([sessions[0].reviews, sessions[0].cards, sessions[0].easy, sessions[0].unsure, sessions[0].hard], [4, 2, 2, 1, 1]);
  assert.deepEqual(sessions[0].completed, ["a", "b"]);
  assert.deepEqual(sessions[1].completed, ["c"]);
});

test("export is versioned, sorted and parses back", () => {
  const data = {
    cards: { "x/y/z": { repeat: 1, updatedAt: "2025-05-01T10:00:00.000Z" } },
    notes: { "x/y/z": { text: "<script>alert(1)</script>", updatedAt: "2025-05-01T10:01:00.000Z" } },
    reviews: [{ card: "x/y/z", rating: "easy", at: "2025-05-01T10:00:00.000Z" }, { card: "x/y/z", rating: "hard", at: "2025-05-01T09:00:00.000Z" }],
  };
  const text = study.buildExport("My deck", data, Date.parse("2025-05-02T00:00:00Z"));
  const json = JSON.parse(text);
  assert.equal(json.format, "loupe-study");
  assert.equal(json.version, 1);
  assert.deepEqual(Object.keys(json), Object.keys(json).slice().sort());
  assert.equal(json.reviews[0].rating, "hard");
  assert.ok(text.endsWith("\n"));
  const parsed = study.parseExport(text);
  assert.equal(parsed.error, undefined);
  assert.equal(parsed.data.notes["x/y/z"].text, "<script>alert(1)</script>");
});

test("import rejects broken, foreign and future files", () => {
  assert.match(study.parseExport("{not json").error, /not valid JSON/);
  assert.match(study.parseExport("[]").error, /not a Loupe study export/);
  assert.match(study.parseExport('{"format":"loupe-study","version":2}').error, /version 2.*Nothing was imported/);
});

test("merge keeps everything: union of reviews, newest progress, both notes on conflict", () => {
  const local = {
    cards: { a: { repeat: 5, updatedAt: "2025-05-02T00:00:00.000Z" }, b: { repeat: 3, updatedAt: "2025-05-01T00:00:00.000Z" } },
    notes: { a: { text: "mine" }, c: { text: "same" } },
    reviews: [{ card: "a", rating: "hard", at: "2025-05-02T00:00:00.000Z" }],
  };
  const incoming = {
    cards: { a: { repeat: 1, updatedAt: "2025-05-01T00:00:00.000Z" }, b: { repeat: 1, updatedAt: "2025-05-03T00:00:00.000Z" } },
    notes: { a: { text: "theirs", updatedAt: "2025-05-03T00:00:00.000Z" }, c: { text: "same" }, d: { text: "new" } },
    reviews: [{ card: "a", rating: "hard", at: "2025-05-02T00:00:00.000Z" }, { card: "b", rating: "easy", at: "2025-05-03T00:00:00.000Z" }],
  };
  const { data, report } = study.merge(local, incoming);
  assert.equal(data.reviews.length, 2);
  assert.equal(report.reviewsAdded, 1);
  assert.equal(report.reviewsKnown, 1);
  assert.equal(data.cards.a.repeat, 5); // local is newer
  assert.equal(data.cards.b.repeat, 1); // imported is newer
  assert.match(data.notes.a.text, /^mine\n\n--- imported note \(2025-05-03T00:00:00.000Z\) ---\ntheirs$/);
  assert.deepEqual(report.conflicts, ["a"]);
  assert.equal(data.notes.d.text, "new");
  assert.equal(report.notesSame, 1);
  // Importing the same file again changes nothing.
  const again = study.merge(data, incoming);
  assert.equal(again.report.reviewsAdded, 0);
  assert.deepEqual(again.report.conflicts, []);
});
