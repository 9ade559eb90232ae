/* Loupe study site: reveal sections, image strip and zoom, keyboard shortcuts. No libraries, no network. */
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");

  function isTyping(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  /* ---- Reveal: sections appear one at a time; without JavaScript all are visible. ---- */
  var Reveal = {
    init: function (card) {
      var sections = Array.prototype.slice.call(card.querySelectorAll(".card-section"));
      if (sections.length < 2) return null;
      var bar = doc.createElement("div");
      bar.className = "reveal-bar";
      var more = doc.createElement("button");
      more.type = "button";
      more.className = "reveal-more";
      more.setAttribute("aria-label", "Show next section (Space or →)");
      more.title = "Show next section (Space or →)";
      more.textContent = "▼";
      var status = doc.createElement("span");
      status.className = "meta reveal-status";
      status.setAttribute("aria-live", "polite");
      var all = doc.createElement("button");
      all.type = "button";
      all.className = "secondary reveal-all";
      all.textContent = "Show all";
      bar.appendChild(more); bar.appendChild(status); bar.appendChild(all);
      card.querySelector(".sections").after(bar);
      card.classList.add("revealing");
      var state = { shown: 1, sections: sections, bar: bar, card: card, onComplete: null };
      var hash = location.hash.slice(1);
      var target = hash ? sections.findIndex(function (s) { return s.id === hash; }) : -1;
      if (target >= 0) state.shown = target + 1;
      function update() {
        sections.forEach(function (s, i) { s.classList.toggle("is-hidden", i >= state.shown); });
        var done = state.shown >= sections.length;
        more.hidden = done; all.hidden = done;
        status.textContent = done ? "All " + sections.length + " sections shown" : state.shown + " of " + sections.length;
        if (done) { card.classList.remove("revealing"); if (state.onComplete) state.onComplete(); }
        else card.classList.add("revealing");
      }
      state.next = function () {
        if (state.shown < sections.length) {
          state.shown += 1; update();
          var shown = sections[state.shown - 1];
          if (shown.scrollIntoView) shown.scrollIntoView({ block: "nearest", behavior: "smooth" });
          return true;
        }
        return false;
      };
      state.showAll = function () { state.shown = sections.length; update(); };
      state.reset = function () { state.shown = 1; update(); };
      state.isComplete = function () { return state.shown >= sections.length; };
      more.addEventListener("click", function (e) { e.stopPropagation(); state.next(); });
      all.addEventListener("click", function (e) { e.stopPropagation(); state.showAll(); });
      card.querySelector(".sections").addEventListener("click", function (e) {
        if (e.target.closest("a, button, input, textarea")) return;
        state.next();
      });
      update();
      return state;
    }
  };

  var card = doc.querySelector("article.card");
  var reveal = card ? Reveal.init(card) : null;
  window.Loupe = window.Loupe || {};
  window.Loupe.reveal = reveal;
  window.Loupe.Reveal = Reveal;

  /* ---- Image strip: dots for position, arrows for keyboard. ---- */
  Array.prototype.forEach.call(doc.querySelectorAll(".strip-many"), function (strip) {
    var shots = strip.querySelectorAll(".shot");
    var dots = doc.createElement("div");
    dots.className = "strip-dots";
    dots.setAttribute("role", "group");
    dots.setAttribute("aria-label", "Choose image");
    Array.prototype.forEach.call(shots, function (shot, i) {
      var dot = doc.createElement("button");
      dot.type = "button";
      dot.setAttribute("aria-label", "Image " + (i + 1) + " of " + shots.length);
      dot.addEventListener("click", function () { shot.scrollIntoView({ inline: "center", block: "nearest", behavior: "smooth" }); });
      dots.appendChild(dot);
    });
    strip.after(dots);
    function mark() {
      var index = Math.round(strip.scrollLeft / Math.max(1, shots[0].offsetWidth));
      Array.prototype.forEach.call(dots.children, function (d, i) { d.setAttribute("aria-current", i === index ? "true" : "false"); });
    }
    strip.addEventListener("scroll", function () { window.requestAnimationFrame(mark); }, { passive: true });
    mark();
  });

  /* ---- Zoom: tap an image to enlarge; tap again to magnify; Esc closes; ← → move. ---- */
  var links = Array.prototype.slice.call(doc.querySelectorAll("a.zoom"));
  if (links.length && typeof HTMLDialogElement === "function") {
    var dialog = doc.createElement("dialog");
    dialog.className = "zoom-view";
    dialog.setAttribute("aria-label", "Enlarged image");
    dialog.innerHTML = '<div class="zoom-bar"><p class="zoom-caption"></p><span><button type="button" class="secondary zoom-prev" aria-label="Previous image">←</button> <button type="button" class="secondary zoom-next" aria-label="Next image">→</button> <button type="button" class="zoom-close">Close</button></span></div><div class="zoom-stage"><img alt=""></div>';
    doc.body.appendChild(dialog);
    var stage = dialog.querySelector(".zoom-stage");
    var big = stage.querySelector("img");
    var caption = dialog.querySelector(".zoom-caption");
    var current = 0;
    function show(i) {
      current = (i + links.length) % links.length;
      var link = links[current];
      var img = link.querySelector("img");
      big.src = link.getAttribute("href");
      big.alt = img ? img.alt : "";
      var fig = link.closest("figure");
      var cap = fig && fig.querySelector("figcaption");
      caption.textContent = (cap ? cap.textContent : (img ? img.alt : "")) + "  (" + (current + 1) + "/" + links.length + ")";
      stage.classList.remove("zoomed");
    }
    links.forEach(function (link, i) {
      link.addEventListener("click", function (e) { e.preventDefault(); show(i); dialog.showModal(); });
    });
    big.addEventListener("click", function () { stage.classList.toggle("zoomed"); });
    dialog.querySelector(".zoom-close").addEventListener("click", function () { dialog.close(); });
    dialog.querySelector(".zoom-prev").addEventListener("click", function () { show(current - 1); });
    dialog.querySelector(".zoom-next").addEventListener("click", function () { show(current + 1); });
    dialog.querySelector(".zoom-prev").hidden = dialog.querySelector(".zoom-next").hidden = links.length < 2;
    dialog.addEventListener("keydown", function (e) {
      if (e.key === "ArrowLeft") { show(current - 1); e.preventDefault(); }
      if (e.key === "ArrowRight") { show(current + 1); e.preventDefault(); }
    });
  }

  /* ---- Keyboard: Space or → reveals the next section; / focuses search. ---- */
  doc.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    if (doc.querySelector("dialog[open]")) return;
    if (e.key === "/") {
      var search = doc.getElementById("search-input");
      if (search) { e.preventDefault(); search.focus(); search.select(); }
      return;
    }
    if (window.Loupe.reveal && (e.key === " " || e.key === "ArrowRight")) {
      if (e.target.closest && e.target.closest("button, a")) { if (e.key === " ") return; }
      if (window.Loupe.reveal.next()) e.preventDefault();
    }
  });
})();
