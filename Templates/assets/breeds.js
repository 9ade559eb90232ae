// Breed index: filters (species, group, origin, temperament, text) and sorting (name, life span,
// weight) over the JSON embedded in the page as <script type="application/json" id="breed-data">.
// Vanilla JavaScript, no network requests; without JavaScript the page shows a plain list of links.
// Data shape (version 1): { version, root, breeds: [{ id, name, species, url, alt?, group?, origins?,
// temperament?, lifeSpan?: [min, max], lifeSpanText?, weightKg?: [min, max], weightText? }] }.
(function () {
  "use strict";

  var dataElement = document.getElementById("breed-data");
  var form = document.getElementById("breed-filters");
  var results = document.getElementById("breed-results");
  var counter = document.getElementById("breed-count");
  var fallback = document.getElementById("breed-fallback");
  if (!dataElement || !form || !results) { return; }

  var data;
  try { data = JSON.parse(dataElement.textContent); } catch (error) { return; }
  if (!data || !Array.isArray(data.breeds)) { return; }

  var root = typeof data.root === "string" ? data.root : "";
  var breeds = data.breeds.filter(function (breed) {
    return breed && typeof breed.name === "string" && typeof breed.url === "string";
  });
  var speciesLabels = { cat: "Cat", dog: "Dog" };

  var controls = {
    q: document.getElementById("breed-query"),
    species: document.getElementById("breed-species"),
    group: document.getElementById("breed-group"),
    origin: document.getElementById("breed-origin"),
    temperament: document.getElementById("breed-temperament"),
    sort: document.getElementById("breed-sort")
  };

  // Folds case and accents so "cafe" finds "Café".
  function fold(text) {
    return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  function list(value) { return Array.isArray(value) ? value.filter(function (item) { return typeof item === "string"; }) : []; }

  // Distinct values (case-insensitive, first spelling wins), sorted for the select.
  function distinct(values) {
    var seen = {};
    var result = [];
    values.forEach(function (value) {
      var key = fold(value);
      if (value && !Object.prototype.hasOwnProperty.call(seen, key)) { seen[key] = true; result.push(value); }
    });
    return result.sort(function (a, b) { return a.localeCompare(b); });
  }

  function fill(select, values) {
    if (!select) { return; }
    values.forEach(function (value) {
      var option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    });
  }

  fill(controls.group, distinct(breeds.map(function (breed) { return typeof breed.group === "string" ? breed.group : ""; })));
  fill(controls.origin, distinct([].concat.apply([], breeds.map(function (breed) { return list(breed.origins); }))));
  fill(controls.temperament, distinct([].concat.apply([], breeds.map(function (breed) { return list(breed.temperament); }))));

  // Selects a value given in the address (?temperament=Playful), ignoring case.
  function choose(select, wanted) {
    if (!select || wanted === null) { return; }
    for (var index = 0; index < select.options.length; index += 1) {
      if (fold(select.options[index].value) === fold(wanted)) { select.selectedIndex = index; return; }
    }
  }

  var params = new URLSearchParams(window.location.search);
  if (controls.q && params.get("q") !== null) { controls.q.value = params.get("q"); }
  ["species", "group", "origin", "temperament", "sort"].forEach(function (name) { choose(controls[name], params.get(name)); });

  function value(name) { return controls[name] ? controls[name].value : ""; }

  function matches(breed, filters) {
    if (filters.species && breed.species !== filters.species) { return false; }
    if (filters.group && fold(breed.group || "") !== fold(filters.group)) { return false; }
    if (filters.origin && !list(breed.origins).some(function (origin) { return fold(origin) === fold(filters.origin); })) { return false; }
    if (filters.temperament && !list(breed.temperament).some(function (trait) { return fold(trait) === fold(filters.temperament); })) { return false; }
    if (filters.q) {
      var haystack = fold([breed.name, breed.id, breed.group || ""].concat(list(breed.alt), list(breed.origins), list(breed.temperament)).join(" "));
      var words = fold(filters.q).split(/\s+/).filter(Boolean);
      if (!words.every(function (word) { return haystack.indexOf(word) !== -1; })) { return false; }
    }
    return true;
  }

  function number(range, which) {
    return Array.isArray(range) && typeof range[which] === "number" ? range[which] : null;
  }

  // Breeds without the sorted measure go last whatever the direction; ties sort by name.
  function compare(sort) {
    var byName = function (a, b) { return a.name.localeCompare(b.name) || a.url.localeCompare(b.url); };
    var measure = null;
    var direction = 1;
    if (sort === "life-desc") { measure = function (b) { return number(b.lifeSpan, 1); }; direction = -1; }
    if (sort === "life-asc") { measure = function (b) { return number(b.lifeSpan, 0); }; }
    if (sort === "weight-asc") { measure = function (b) { return number(b.weightKg, 0); }; }
    if (sort === "weight-desc") { measure = function (b) { return number(b.weightKg, 1); }; direction = -1; }
    if (!measure) { return byName; }
    return function (a, b) {
      var x = measure(a);
      var y = measure(b);
      if (x === null || y === null) { return x === y ? byName(a, b) : (x === null ? 1 : -1); }
      return (x - y) * direction || byName(a, b);
    };
  }

  function describe(breed) {
    var parts = [speciesLabels[breed.species] || ""];
    if (typeof breed.group === "string") { parts.push(breed.group); }
    if (list(breed.origins).length) { parts.push(list(breed.origins).join(", ")); }
    if (typeof breed.lifeSpanText === "string") { parts.push(breed.lifeSpanText); }
    if (typeof breed.weightText === "string") { parts.push(breed.weightText); }
    return parts.filter(Boolean).join(" · ");
  }

  function render() {
    var filters = { q: value("q").trim(), species: value("species"), group: value("group"), origin: value("origin"), temperament: value("temperament") };
    var shown = breeds.filter(function (breed) { return matches(breed, filters); }).sort(compare(value("sort")));

    var fragment = document.createDocumentFragment();
    shown.forEach(function (breed) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + breed.url;
      link.textContent = breed.name;
      item.appendChild(link);
      var details = describe(breed);
      if (details) {
        var meta = document.createElement("span");
        meta.className = "breed-meta";
        meta.textContent = " — " + details;
        item.appendChild(meta);
      }
      fragment.appendChild(item);
    });
    results.replaceChildren(fragment);
    if (counter) {
      counter.textContent = shown.length === breeds.length
        ? breeds.length + " breeds"
        : shown.length + " of " + breeds.length + " breeds";
    }

    var query = new URLSearchParams();
    Object.keys(filters).forEach(function (name) { if (filters[name]) { query.set(name, filters[name]); } });
    if (value("sort") && value("sort") !== "name") { query.set("sort", value("sort")); }
    var search = query.toString();
    try {
      window.history.replaceState(null, "", search ? "?" + search : window.location.pathname);
    } catch (error) {
      // file:// pages may refuse history changes; filtering still works.
    }
  }

  form.addEventListener("input", render);
  form.addEventListener("change", render);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.addEventListener("reset", function () { window.setTimeout(render, 0); });

  form.hidden = false;
  results.hidden = false;
  if (fallback) { fallback.hidden = true; }
  render();
})();
