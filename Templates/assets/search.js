/* Loupe search: a sharded section-level index (docs/search.md), loaded lazily from the site's own
   search/ folder. No libraries, no network beyond the site. User text only ever goes into textContent. */
/* Snowball English ("Porter2") stemmer, a line-for-line port of Sources/SearchIndex/EnglishStemmer.swift; both
   are checked against tests/fixtures/stemmer/vectors.json (from the reference implementation). */
var loupeStem = (function () {
  "use strict";
  var EXCEPTIONS = { skis: "ski", skies: "sky", idly: "idl", gently: "gentl", ugly: "ugli", early: "earli", only: "onli",
    singly: "singl", sky: "sky", news: "news", howe: "howe", atlas: "atlas", cosmos: "cosmos", bias: "bias", andes: "andes" };
  var REGION_PREFIXES = ["gener", "commun", "arsen", "emerg", "inter", "later", "organ", "past", "univers"];
  var STEP2 = { tional: "tion", enci: "ence", anci: "ance", abli: "able", entli: "ent", izer: "ize", ization: "ize",
    ational: "ate", ation: "ate", ator: "ate", alism: "al", aliti: "al", alli: "al", fulness: "ful", ousli: "ous",
    ousness: "ous", iveness: "ive", iviti: "ive", biliti: "ble", bli: "ble", ogist: "og", ogi: "og", fulli: "ful",
    lessli: "less", li: "" };
  var STEP3 = { tional: "tion", ational: "ate", alize: "al", icate: "ic", iciti: "ic", ical: "ic", ful: "", ness: "", ative: "" };
  var STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti", "ous", "ive", "ize", "ion"];
  function isVowel(c) { return c === "a" || c === "e" || c === "i" || c === "o" || c === "u" || c === "y"; }
  function longest(w, suffixes) {
    var best = null;
    for (var i = 0; i < suffixes.length; i++) {
      var s = suffixes[i];
      if (w.length >= s.length && w.slice(w.length - s.length).join("") === s && (best === null || s.length > best.length)) best = s;
    }
    return best;
  }
  function hasVowelBefore(w, end) { for (var i = 0; i < end; i++) if (isVowel(w[i])) return true; return false; }
  function endsShort(w, end) {
    if (end >= 3) {
      var a = w[end - 3], b = w[end - 2], c = w[end - 1];
      if (!isVowel(a) && isVowel(b) && !isVowel(c) && c !== "w" && c !== "x" && c !== "Y") return true;
    }
    if (end === 2 && isVowel(w[0]) && !isVowel(w[1])) return true;
    return end >= 4 && w.slice(end - 4, end).join("") === "past";
  }
  function regionStart(w, start) {
    var i = start;
    while (i < w.length && !isVowel(w[i])) i++;
    while (i < w.length && isVowel(w[i])) i++;
    return i < w.length ? i + 1 : -1;
  }
  function replace(w, length, by) { w.length -= length; for (var i = 0; i < by.length; i++) w.push(by[i]); }
  function stem(word) {
    if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
    if (Object.prototype.hasOwnProperty.call(EXCEPTIONS, word)) return EXCEPTIONS[word];
    var w = word.split(""), i, suffix, start;
    /* prelude */
    if (w[0] === "y") w[0] = "Y";
    for (i = 1; i < w.length; i++) if (w[i] === "y" && isVowel(w[i - 1])) w[i] = "Y";
    /* regions */
    var p1 = w.length, p2 = w.length, text = w.join(""), at = -1;
    for (i = 0; i < REGION_PREFIXES.length; i++) if (text.lastIndexOf(REGION_PREFIXES[i], 0) === 0) { at = REGION_PREFIXES[i].length; break; }
    if (at < 0) at = regionStart(w, 0);
    if (at >= 0) { p1 = at; var r2 = regionStart(w, at); p2 = r2 >= 0 ? r2 : w.length; }
    /* step 1a */
    suffix = longest(w, ["sses", "ied", "ies", "s", "us", "ss"]);
    if (suffix === "sses") replace(w, 4, "ss");
    else if (suffix === "ied" || suffix === "ies") replace(w, 3, w.length - 3 >= 2 ? "i" : "ie");
    else if (suffix === "s" && hasVowelBefore(w, w.length - 2)) w.length -= 1;
    /* step 1b */
    suffix = longest(w, ["eed", "eedly", "ed", "edly", "ing", "ingly"]);
    step1b: if (suffix !== null) {
      start = w.length - suffix.length;
      var before = w.slice(0, start).join("");
      if (suffix === "eed" || suffix === "eedly") {
        if (start >= p1 && before !== "succ" && before !== "proc" && before !== "exc") replace(w, suffix.length, "ee");
        break step1b;
      }
      if (suffix === "ing") {
        if (["even", "cann", "inn", "earr", "herr", "out"].indexOf(before) >= 0) break step1b;
        if (start === 2 && w[1] === "y" && !isVowel(w[0])) { replace(w, 4, "ie"); break step1b; }
      }
      if (!hasVowelBefore(w, start)) break step1b;
      w.length -= suffix.length;
      var last = w[w.length - 1], tail = w.slice(-2).join("");
      if (tail === "at" || tail === "bl" || tail === "iz") w.push("e");
      else if (w.length >= 2 && w[w.length - 2] === last && "bdfgmnprt".indexOf(last) >= 0) {
        if (!(w.length === 3 && "aeo".indexOf(w[0]) >= 0)) w.length -= 1;
      } else if (w.length === p1 && endsShort(w, w.length)) w.push("e");
    }
    /* step 1c */
    var end = w[w.length - 1];
    if ((end === "y" || end === "Y") && w.length >= 3 && !isVowel(w[w.length - 2])) w[w.length - 1] = "i";
    /* step 2 */
    suffix = longest(w, Object.keys(STEP2));
    if (suffix !== null) {
      start = w.length - suffix.length;
      if (start >= p1 && (suffix !== "ogi" || (start >= 1 && w[start - 1] === "l")) &&
          (suffix !== "li" || (start >= 1 && "cdeghkmnrt".indexOf(w[start - 1]) >= 0))) replace(w, suffix.length, STEP2[suffix]);
    }
    /* step 3 */
    suffix = longest(w, Object.keys(STEP3));
    if (suffix !== null) {
      start = w.length - suffix.length;
      if (start >= p1 && (suffix !== "ative" || start >= p2)) replace(w, suffix.length, STEP3[suffix]);
    }
    /* step 4 */
    suffix = longest(w, STEP4);
    if (suffix !== null) {
      start = w.length - suffix.length;
      if (start >= p2 && (suffix !== "ion" || (start >= 1 && (w[start - 1] === "s" || w[start - 1] === "t")))) w.length -= suffix.length;
    }
    /* step 5 */
    start = w.length - 1;
    if (w[start] === "e") { if (start >= p2 || (start >= p1 && !endsShort(w, start))) w.length -= 1; }
    else if (w[start] === "l") { if (start >= p2 && start >= 1 && w[start - 1] === "l") w.length -= 1; }
    return w.join("").replace(/Y/g, "y");
  }
  return stem;
})();
if (typeof module !== "undefined" && module.exports) module.exports = { stem: loupeStem };

(function () {
  "use strict";
  if (typeof document === "undefined") return; /* loaded by node for its stemmer tests */
  var doc = document;
  var manifest = window.LOUPE_SEARCH;
  var input = doc.getElementById("search-input");
  var box = doc.getElementById("search-results");
  var form = input && input.form;
  window.Loupe = window.Loupe || {};
  if (!manifest || manifest.version !== 1 || !input || !box || !form) return;

  var root = doc.body.getAttribute("data-root") || "";
  var base = root + "search/";
  var useScripts = location.protocol === "file:" || typeof fetch !== "function";
  var FIELD_WEIGHT = [1, 4, 2, 8]; /* body, header, path, title */
  var EXACT = 1, STEM = 0.9, PREFIX = 0.6, FUZZY = 0.35;
  var MAX_WORDS = 8, MAX_TERM = 48, MAX_EXPANSION = 200, MAX_PREFIX_SHARDS = 3, MAX_FUZZY_SHARDS = 4;
  var PREFIX_BUDGET = 60000; /* posting characters a word's completions may add: short prefixes stay fast */
  var SLOTS = 32; /* sections tracked per document for choosing the best one (later ones share the last slot) */
  var DROPDOWN_LIMIT = 8, PAGE_LIMIT = 50;
  var docCount = manifest.documentCount, firsts = manifest.termShards;

  /* ---- Text: mirrors Sources/SearchIndex/SearchText.swift exactly ---- */
  var WORD = /[\p{L}\p{N}\p{M}]+|(?![\p{Emoji_Modifier}\0-\x7f])\p{Emoji}/gu;
  var WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
  var MARKS = /[\p{Mn}\p{Me}]/gu;
  var CJK = /^(?:[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]|[\ud840-\ud87f][\udc00-\udfff])$/;
  function fold(text) {
    if (/^[\0-\x7f]*$/.test(text)) return text.toLowerCase();
    return text.toLowerCase().normalize("NFD").replace(MARKS, "").replace(/ς/g, "σ").normalize("NFC");
  }
  /* Terms of one regex match of WORD. */
  function termsOf(match, out) {
    if (!WORD_CHAR.test(match)) { out.push(match); return out; } /* an emoji */
    var run = "";
    function emit(term) { if (term && term.length <= MAX_TERM) out.push(term); }
    for (var ch of fold(match)) {
      if (CJK.test(ch)) { emit(run); run = ""; emit(ch); }
      else if (WORD_CHAR.test(ch)) run += ch;
    }
    emit(run);
    return out;
  }
  /* Words of a text with their positions, for highlighting. */
  function tokenize(text) {
    var tokens = [], m;
    WORD.lastIndex = 0;
    while ((m = WORD.exec(text))) tokens.push({ start: m.index, end: m.index + m[0].length, terms: termsOf(m[0], []) });
    return tokens;
  }
  function queryWords(query) {
    var words = [];
    tokenize(String(query).slice(0, 1000)).forEach(function (t) {
      t.terms.forEach(function (term) { if (words.indexOf(term) < 0 && words.length < MAX_WORDS) words.push(term); });
    });
    return words;
  }

  /* ---- Loading shards: fetch JSON over http(s), script tags from file:// ---- */
  var loaded = {};
  function load(key) {
    if (!loaded[key]) {
      loaded[key] = useScripts ? loadScript(key) : fetch(base + key + ".json").then(function (r) {
        if (!r.ok) throw new Error("search/" + key + ".json: HTTP " + r.status);
        return r.json();
      });
      loaded[key].catch(function () { delete loaded[key]; });
    }
    return loaded[key];
  }
  function loadScript(key) {
    return new Promise(function (resolve, reject) {
      var s = doc.createElement("script");
      s.src = base + key + ".js";
      s.onload = function () {
        var store = window.LOUPE_SEARCH_SHARDS || {};
        if (store[key]) resolve(store[key]); else reject(new Error("search/" + key + ".js did not register"));
      };
      s.onerror = function () { reject(new Error("search/" + key + ".js could not be loaded")); };
      doc.head.appendChild(s);
    });
  }

  /* ---- The term table: which shards may hold a range, binary search inside a shard ---- */
  function shardOf(term) {
    var lo = 0, hi = firsts.length - 1, found = 0;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (firsts[mid] <= term) { found = mid; lo = mid + 1; } else hi = mid - 1; }
    return found;
  }
  function shardsFor(low, high, limit) {
    var list = [shardOf(low)];
    for (var i = list[0] + 1; i < firsts.length && firsts[i] < high && list.length < limit; i++) list.push(i);
    return list;
  }
  function lowerBound(terms, term) {
    var lo = 0, hi = terms.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (terms[mid] < term) lo = mid + 1; else hi = mid; }
    return lo;
  }
  var B64 = new Int8Array(128).fill(-1);
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach(function (c, i) { B64[c.charCodeAt(0)] = i; });
  /* Postings as [doc, code, doc, code, …] with absolute document numbers. */
  function postings(shard, index) {
    shard.decoded = shard.decoded || [];
    if (shard.decoded[index]) return shard.decoded[index];
    var text = shard.postings[index], out = new Int32Array(text.length), n = 0, value = 0, shift = 0, docNo = 0;
    for (var i = 0; i < text.length; i++) {
      var d = B64[text.charCodeAt(i) & 127];
      if (d < 0) break;
      value |= (d & 31) << shift;
      if (d & 32) { shift += 5; continue; }
      if ((n & 1) === 0) { docNo += value; out[n++] = docNo; } else out[n++] = value;
      value = 0; shift = 0;
    }
    return (shard.decoded[index] = out.subarray(0, n - (n & 1)));
  }

  /* One edit (insert, delete, substitute, swap neighbours) turns a into b. */
  function withinOneEdit(a, b) {
    var la = a.length, lb = b.length;
    if (Math.abs(la - lb) > 1) return false;
    var i = 0;
    while (i < la && i < lb && a[i] === b[i]) i++;
    if (i === la || i === lb) return true;
    if (la === lb) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
    return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  }
  function fuzzyMatches(word, term) {
    for (var k = word.length - 1; k <= word.length + 1; k++) if (k <= term.length && withinOneEdit(word, term.slice(0, k))) return true;
    return false;
  }
  function isExactOnly(word) { return CJK.test(word) || !WORD_CHAR.test(word) || Array.from(word).length < 2; }

  /* The index terms a query word stands for, each with a match weight. */
  function matchWord(word) {
    var exactOnly = isExactOnly(word);
    var keys = exactOnly ? [shardOf(word)] : shardsFor(word, word + "\uffff", MAX_PREFIX_SHARDS);
    return Promise.all(keys.map(function (k) { return load("terms/" + k); })).then(function (shards) {
      var found = [], budget = PREFIX_BUDGET;
      shards.forEach(function (shard) {
        var i = lowerBound(shard.terms, word);
        for (; i < shard.terms.length && found.length < MAX_EXPANSION; i++) {
          var term = shard.terms[i];
          if (term === word) found.push({ shard: shard, index: i, term: term, weight: EXACT });
          else if (exactOnly || term.lastIndexOf(word, 0) !== 0) break;
          else if ((budget -= shard.postings[i].length) >= 0) found.push({ shard: shard, index: i, term: term, weight: PREFIX + 0.3 * word.length / term.length });
        }
      });
      if (found.length || Array.from(word).length < 5) return found;
      return fuzzyWord(word);
    });
  }
  /* The index terms of the query word's English stem: its `~stem` key and the stem as a word (SearchText.stemKey). */
  function stemWord(word) {
    var s = loupeStem(word);
    if (s === word && !/^[a-z]{3,}$/.test(word)) return Promise.resolve([]);
    var keys = s === word ? ["~" + s] : ["~" + s, s];
    return Promise.all(keys.map(function (key) {
      return load("terms/" + shardOf(key)).then(function (shard) {
        var i = lowerBound(shard.terms, key);
        return i < shard.terms.length && shard.terms[i] === key ? [{ shard: shard, index: i, term: key, weight: STEM }] : [];
      });
    })).then(function (lists) { return [].concat.apply([], lists); });
  }
  function fuzzyWord(word) {
    var first = Array.from(word)[0], two = word.slice(0, first.length + 1);
    var keys = firsts.length <= MAX_FUZZY_SHARDS ? firsts.map(function (_, i) { return i; }) : shardsFor(first, first + "\uffff", MAX_FUZZY_SHARDS + 1);
    if (keys.length > MAX_FUZZY_SHARDS) keys = shardsFor(two, two + "\uffff", MAX_FUZZY_SHARDS);
    return Promise.all(keys.map(function (k) { return load("terms/" + k); })).then(function (shards) {
      var found = [];
      shards.forEach(function (shard) {
        shard.terms.forEach(function (term, i) {
          if (found.length < MAX_EXPANSION && term.length >= 4 && fuzzyMatches(word, term)) found.push({ shard: shard, index: i, term: term, weight: FUZZY });
        });
      });
      return found;
    });
  }

  /* Per word: best weight per document, and per (document, section slot). Cached: typing changes one word at a time. */
  var hitCache = new Map();
  function wordHits(word) {
    if (hitCache.has(word)) return hitCache.get(word);
    var promise = Promise.all([matchWord(word), stemWord(word)]).then(function (found) {
      var matches = found[0].concat(found[1]);
      var best = new Float32Array(docCount), slots = new Uint8Array(docCount * SLOTS), docs = [];
      matches.forEach(function (m) {
        var list = postings(m.shard, m.index);
        for (var i = 0; i < list.length; i += 2) {
          var d = list[i], code = list[i + 1];
          if (d >= docCount) continue;
          var w = FIELD_WEIGHT[code & 3] * m.weight, sec = code >> 2, q = (w * 16 + 0.5) | 0;
          if (sec >= SLOTS) sec = SLOTS - 1;
          if (best[d] === 0) docs.push(d);
          if (best[d] < w) best[d] = w;
          if (slots[d * SLOTS + sec] < q) slots[d * SLOTS + sec] = q;
        }
      });
      return { best: best, slots: slots, docs: docs, terms: matches.map(function (m) { return m.term; }) };
    });
    hitCache.set(word, promise);
    promise.catch(function () { hitCache.delete(word); });
    if (hitCache.size > 12) hitCache.delete(hitCache.keys().next().value);
    return promise;
  }

  /* Ranked results: every word must occur in the document; the best section is where most of the query lands.
     Only the top `limit` are ordered (a bounded insertion), so common words cost one pass over their documents. */
  function bestSection(hits, d) {
    var bestSlot = 0, bestScore = 0;
    for (var s = 1; s < SLOTS; s++) {
      var sum = 0;
      for (var h = 0; h < hits.length; h++) sum += hits[h].slots[d * SLOTS + s];
      if (sum > bestScore) { bestScore = sum; bestSlot = s; }
    }
    return { slot: bestSlot, score: bestScore };
  }
  function rank(words, limit) {
    return Promise.all(words.map(wordHits)).then(function (hits) {
      var sorted = hits.slice().sort(function (a, b) { return a.docs.length - b.docs.length; });
      var top = [], total = 0, several = hits.length > 1;
      function better(a, b) { return a.score > b.score || (a.score === b.score && a.doc < b.doc); }
      sorted[0].docs.forEach(function (d) {
        var score = 0;
        for (var h = 0; h < hits.length; h++) { var b = hits[h].best[d]; if (b === 0) return; score += b; }
        total++;
        /* With several words, sections where they meet lift a card; with one word the best field already says it. */
        if (several) score += bestSection(hits, d).score / 160;
        var entry = { doc: d, score: score };
        if (top.length === limit && !better(entry, top[top.length - 1])) return;
        var at = top.length;
        while (at > 0 && better(entry, top[at - 1])) at--;
        top.splice(at, 0, entry);
        if (top.length > limit) top.pop();
      });
      top.forEach(function (r) { r.section = bestSection(hits, r.doc).slot; });
      var terms = new Set();
      hits.forEach(function (h) { h.terms.forEach(function (t) { terms.add(t); }); });
      return { results: top, total: total, terms: terms };
    });
  }
  function documentOf(number) {
    var per = manifest.documentsPerShard;
    return load("docs/" + Math.floor(number / per)).then(function (shard) { return shard.documents[number - shard.first]; });
  }

  /* Public entry point (also used by the tests and the benchmark). */
  function search(query, limit) {
    var words = queryWords(query);
    if (!words.length) return Promise.resolve({ words: words, total: 0, items: [], terms: new Set() });
    return rank(words, Math.max(1, limit || DROPDOWN_LIMIT)).then(function (ranked) {
      var top = ranked.results;
      return Promise.all(top.map(function (r) { return documentOf(r.doc); })).then(function (documents) {
        var items = [];
        top.forEach(function (r, i) {
          var d = documents[i];
          if (!d) return;
          var section = r.section > 0 ? d.sections[Math.min(r.section, d.sections.length) - 1] : null;
          items.push({
            url: d.url + (section && section.anchor ? "#" + section.anchor : ""), title: d.title, path: d.path, kind: d.kind,
            header: section ? section.header : "", anchor: section ? section.anchor : "",
            text: section ? section.text : (d.sections[0] ? d.sections[0].text : ""), score: r.score,
          });
        });
        /* A page titled exactly what was asked (a category, a topic, a card) comes first. */
        var asked = queryWords(query).join(" ");
        var exact = items.filter(function (item) { return queryWords(item.title).join(" ") === asked; });
        if (exact.length) items = exact.concat(items.filter(function (item) { return exact.indexOf(item) < 0; }));
        return { words: words, total: ranked.total, items: items, terms: ranked.terms };
      });
    });
  }

  /* ---- Rendering: DOM nodes and textContent only ---- */
  function el(tag, className, text) {
    var node = doc.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }
  function isMatch(token, terms) {
    for (var i = 0; i < token.terms.length; i++) {
      var term = token.terms[i];
      if (terms.has(term) || terms.has("~" + loupeStem(term))) return true;
    }
    return false;
  }
  /* Appends text to node with matched words in <mark>. */
  function highlight(node, text, terms) {
    var at = 0;
    tokenize(text).forEach(function (t) {
      if (!isMatch(t, terms)) return;
      if (t.start > at) node.appendChild(doc.createTextNode(text.slice(at, t.start)));
      node.appendChild(el("mark", null, text.slice(t.start, t.end)));
      at = t.end;
    });
    if (at < text.length) node.appendChild(doc.createTextNode(text.slice(at)));
    return node;
  }
  function snippet(text, terms) {
    text = text.replace(/\s*\n\s*/g, " · ");
    var tokens = tokenize(text), hit = null;
    for (var i = 0; i < tokens.length && !hit; i++) if (isMatch(tokens[i], terms)) hit = tokens[i];
    var start = hit ? Math.max(0, hit.start - 50) : 0;
    if (start > 0) { var space = text.indexOf(" ", start); if (space >= 0 && space < (hit ? hit.start : start + 20)) start = space + 1; }
    var end = Math.min(text.length, start + 170);
    if (end < text.length) { var cut = text.lastIndexOf(" ", end); if (cut > start + 80) end = cut; }
    return (start > 0 ? "…" : "") + text.slice(start, end) + (end < text.length ? "…" : "");
  }
  function resultContent(node, item, terms) {
    node.appendChild(highlight(el("div", "result-title"), item.title, terms));
    var context = item.path.concat([item.title]);
    if (item.header) context.push(item.header);
    node.appendChild(highlight(el("div", "result-path"), context.join(" › "), terms));
    if (item.text) node.appendChild(highlight(el("div", "result-snippet"), snippet(item.text, terms), terms));
    return node;
  }

  /* ---- The dropdown under the search box ---- */
  var sequence = 0, options = [], selected = -1;
  window.Loupe.lastSearch = null;
  function setOpen(open) {
    box.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    if (!open) input.removeAttribute("aria-activedescendant");
  }
  function select(index) {
    if (!options.length) { selected = -1; return; }
    selected = (index + options.length) % options.length;
    options.forEach(function (o, i) { o.setAttribute("aria-selected", i === selected ? "true" : "false"); });
    input.setAttribute("aria-activedescendant", options[selected].id);
    if (options[selected].scrollIntoView) options[selected].scrollIntoView({ block: "nearest" });
  }
  function pageURL(query) { return root + "search.html?q=" + encodeURIComponent(query); }
  function renderDropdown(query, found) {
    box.textContent = "";
    options = [];
    found.items.forEach(function (item, i) {
      var a = resultContent(el("a", "search-result"), item, found.terms);
      a.href = root + item.url;
      a.id = "search-option-" + i;
      a.setAttribute("role", "option");
      box.appendChild(a);
      options.push(a);
    });
    if (!found.items.length) box.appendChild(el("p", "none", "No results for “" + query.trim().slice(0, 80) + "”"));
    else if (found.total > found.items.length) {
      var all = el("a", "search-all", "All " + found.total + " results →");
      all.href = pageURL(query);
      all.id = "search-option-all";
      all.setAttribute("role", "option");
      box.appendChild(all);
      options.push(all);
    }
    setOpen(true);
    select(0);
  }
  function run() {
    var query = input.value, started = performance.now(), mine = ++sequence;
    if (!queryWords(query).length) { box.textContent = ""; options = []; setOpen(false); return Promise.resolve(); }
    return search(query, DROPDOWN_LIMIT).then(function (found) {
      if (mine !== sequence) return;
      window.Loupe.lastSearch = { query: query, ms: performance.now() - started, total: found.total, count: found.items.length };
      if (!found.items.length) {
        // While typing, a word is often briefly unmatched (one letter, a half word): keep what is
        // shown a moment rather than flashing "No results"; show it only if typing has paused.
        return new Promise(function (resolve) { setTimeout(resolve, 450); }).then(function () {
          if (mine === sequence) renderDropdown(query, found);
        });
      }
      renderDropdown(query, found);
    }, function (error) {
      if (mine !== sequence) return;
      box.textContent = "";
      options = [];
      box.appendChild(el("p", "none", "Search is unavailable: " + error.message));
      setOpen(true);
    });
  }
  function open(link) {
    var target = new URL(link.href, location.href);
    if (target.pathname === location.pathname && target.search === location.search && target.hash) {
      location.hash = target.hash;
      if (window.Loupe.reveal) window.Loupe.reveal.showAll();
      var section = doc.getElementById(target.hash.slice(1));
      if (section && section.scrollIntoView) section.scrollIntoView({ block: "start" });
      setOpen(false);
    } else {
      location.href = link.href;
    }
  }

  input.addEventListener("input", run);
  input.addEventListener("focus", function () { if (options.length || box.firstChild) setOpen(queryWords(input.value).length > 0); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (box.hidden && queryWords(input.value).length) { run(); e.preventDefault(); return; }
      select(selected + (e.key === "ArrowDown" ? 1 : -1));
      e.preventDefault();
    } else if (e.key === "Escape") {
      if (!box.hidden) { setOpen(false); e.preventDefault(); e.stopPropagation(); }
      else if (input.value) { input.value = ""; e.preventDefault(); }
    } else if (e.key === "Enter" && !e.isComposing) {
      if (!box.hidden && selected >= 0 && options[selected]) { e.preventDefault(); open(options[selected]); }
    }
  });
  box.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a");
    if (link && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.button === 0) { e.preventDefault(); open(link); }
  });
  doc.addEventListener("click", function (e) { if (!form.contains(e.target)) setOpen(false); });
  form.addEventListener("focusout", function (e) { if (e.relatedTarget && !form.contains(e.relatedTarget)) setOpen(false); });

  /* ---- search.html?q=…: the full result list (also the target of the form without a selection) ---- */
  var page = doc.getElementById("search-page");
  if (page) {
    var params = new URLSearchParams(location.search), query = (params.get("q") || "").slice(0, 1000);
    var status = doc.getElementById("search-page-status"), list = doc.getElementById("search-page-results");
    input.value = query;
    if (queryWords(query).length) {
      status.textContent = "Searching…";
      search(query, PAGE_LIMIT).then(function (found) {
        list.textContent = "";
        found.items.forEach(function (item) {
          var a = resultContent(el("a", "search-result"), item, found.terms);
          a.href = root + item.url;
          var li = el("li");
          li.appendChild(a);
          list.appendChild(li);
        });
        var shown = query.trim().slice(0, 80);
        status.textContent = found.total === 0 ? "No results for “" + shown + "”." :
          found.total + (found.total === 1 ? " result" : " results") + " for “" + shown + "”" +
          (found.total > found.items.length ? " (showing the first " + found.items.length + ")." : ".");
      }, function (error) { status.textContent = "Search is unavailable: " + error.message; });
    }
  }

  window.Loupe.search = search;
  window.Loupe.searchWords = queryWords;
})();
