// node --test tests/js — the search client's stemmer (Templates/assets/search.js) against the reference vectors
// that Tests/SearchIndexTests/EnglishStemmerTests.swift checks the indexer's stemmer on.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const { stem } = require(path.join(__dirname, "..", "..", "Templates", "assets", "search.js"));

const { vectors } = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "stemmer", "vectors.json"), "utf8"));

test("the client stems every reference word as the reference implementation does", () => {
  const words = Object.keys(vectors);
  assert.ok(words.length > 1000);
  const wrong = words.filter((w) => stem(w) !== vectors[w]).map((w) => `${w}: ${stem(w)} (expected ${vectors[w]})`);
  assert.deepEqual(wrong.slice(0, 40), []);
});

test("plural and singular meet; other words are left alone", () => {
  assert.equal(stem("detachments"), stem("detachment"));
  assert.equal(stem("studies"), stem("study"));
  for (const w of ["ab", "naïve", "x2", "constructor", "__proto__"]) assert.equal(typeof stem(w), "string");
  assert.equal(stem("naïve"), "naïve");
});
