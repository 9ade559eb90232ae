/* Loupe study site: reveal sections, image strip and zoom, keyboard shortcuts. No libraries, no network. */
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");

  function isTyping(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  /* ---- Reveal (recall first): every section's question shows, every answer is hidden; each tap,
     Space, Enter or → reveals the next answer. Without JavaScript every answer is visible. ---- */
  var Reveal = {
    init: function (card) {
      var answers = Array.prototype.slice.call(card.querySelectorAll(".card-section > .answer"));
      var state = { shown: 0, answers: answers, card: card, onComplete: null, bar: null };
      state.isComplete = function () { return state.shown >= answers.length; };
      if (!answers.length) {
        state.next = function () { return false; };
        state.showAll = state.reset = function () {};
        return state;
      }
      var sectionsBox = card.querySelector(".sections");
      var bar = doc.createElement("div");
      bar.className = "reveal-bar";
      var more = doc.createElement("button");
      more.type = "button";
      more.className = "reveal-more";
      more.setAttribute("aria-label", "Show the next answer (Space, Enter or →)");
      more.title = "Show the next answer (Space, Enter or →)";
      more.setAttribute("aria-keyshortcuts", "Space Enter ArrowRight");
      more.textContent = "▼";
      var status = doc.createElement("span");
      status.className = "meta reveal-status";
      status.setAttribute("aria-live", "polite");
      var all = doc.createElement("button");
      all.type = "button";
      all.className = "secondary reveal-all";
      all.textContent = "Show all";
      bar.appendChild(more); bar.appendChild(status); bar.appendChild(all);
      state.bar = bar;
      card.classList.add("revealing");
      var hash = location.hash.slice(1);
      if (hash) {
        // A link to a section (from search) shows that section's answer and the ones before it.
        var target = doc.getElementById(hash);
        var section = target && target.closest ? target.closest(".card-section") : null;
        if (section && card.contains(section)) {
          answers.forEach(function (a, i) { if (a.closest(".card-section") === section || (section.compareDocumentPosition(a) & 2)) state.shown = i + 1; });
        }
      }
      function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
      function update() {
        answers.forEach(function (a, i) { a.classList.toggle("is-hidden", i >= state.shown); });
        var done = state.shown >= answers.length;
        var hadFocus = doc.activeElement === more || doc.activeElement === all;
        more.hidden = done; all.hidden = done;
        if (done) {
          sectionsBox.after(bar);
          status.textContent = "All " + plural(answers.length, "answer") + " shown";
          card.classList.remove("revealing");
          if (hadFocus) { card.tabIndex = -1; card.focus({ preventScroll: true }); }
        } else {
          // The controls sit where the next answer will appear, right under its question.
          var next = answers[state.shown];
          if (next.previousElementSibling !== bar) next.before(bar);
          status.textContent = state.shown + " of " + plural(answers.length, "answer") + " shown";
          card.classList.add("revealing");
          if (hadFocus) more.focus({ preventScroll: true });
        }
        if (done && state.onComplete) state.onComplete();
      }
      state.next = function () {
        if (state.shown >= answers.length) return false;
        state.shown += 1;
        update();
        var shown = answers[state.shown - 1];
        if (shown.scrollIntoView) {
          shown.scrollIntoView({ block: "nearest" });
          if (!more.hidden) bar.scrollIntoView({ block: "nearest" });
        }
        return true;
      };
      state.showAll = function () { state.shown = answers.length; update(); };
      state.reset = function () { state.shown = 0; update(); };
      more.addEventListener("click", function (e) { e.stopPropagation(); state.next(); });
      all.addEventListener("click", function (e) { e.stopPropagation(); state.showAll(); });
      sectionsBox.addEventListener("click", function (e) {
        if (e.target.closest("a, button, input, textarea, summary")) return;
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

  /* ---- Image strip: dots for position (a larger touch target than they look). ---- */
  var Strip = {
    attach: function (scope) {
      Array.prototype.forEach.call(scope.querySelectorAll(".strip-many"), function (strip) {
        if (strip.nextElementSibling && strip.nextElementSibling.classList.contains("strip-dots")) return;
        var shots = strip.querySelectorAll(".shot");
        var dots = doc.createElement("div");
        dots.className = "strip-dots";
        dots.setAttribute("role", "group");
        dots.setAttribute("aria-label", "Choose image");
        Array.prototype.forEach.call(shots, function (shot, i) {
          var dot = doc.createElement("button");
          dot.type = "button";
          // Keyboard users reach every image through its own link; the dots are for pointers.
          dot.tabIndex = -1;
          dot.setAttribute("aria-label", "Image " + (i + 1) + " of " + shots.length);
          dot.addEventListener("click", function () {
            strip.scrollTo({ left: shot.offsetLeft - strip.offsetLeft - (strip.clientWidth - shot.offsetWidth) / 2, behavior: "smooth" });
          });
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
    }
  };

  /* ---- Zoom: tap an image to enlarge; tap again (or pinch) to magnify; swipe, ← → or the buttons
     move between the card's images; Esc or Close closes. The full-size picture is the image's
     data-zoom when present, else the one the browser chose for it. ---- */
  var Zoom = {
    dialog: null,
    build: function () {
      if (Zoom.dialog) return Zoom.dialog;
      var dialog = doc.createElement("dialog");
      dialog.className = "zoom-view";
      dialog.setAttribute("aria-label", "Enlarged image");
      dialog.innerHTML = '<div class="zoom-bar"><p class="zoom-caption"></p><button type="button" class="zoom-close">Close</button></div>' +
        '<div class="zoom-stage"><img alt=""></div>' +
        '<div class="zoom-nav"><button type="button" class="secondary zoom-prev" aria-label="Previous image">←</button>' +
        '<span class="zoom-count"></span><button type="button" class="secondary zoom-next" aria-label="Next image">→</button></div>';
      doc.body.appendChild(dialog);
      var stage = dialog.querySelector(".zoom-stage");
      var big = stage.querySelector("img");
      var state = { links: [], current: 0 };
      Zoom.state = state;
      function show(i) {
        var links = state.links;
        state.current = (i + links.length) % links.length;
        var link = links[state.current];
        var img = link.querySelector("img");
        big.src = img ? (img.dataset.zoom || img.currentSrc || img.src) : link.getAttribute("href");
        big.alt = img ? img.alt : "";
        var fig = link.closest("figure");
        var cap = fig && fig.querySelector("figcaption");
        dialog.querySelector(".zoom-caption").textContent = cap ? cap.textContent : (img ? img.alt : "");
        dialog.querySelector(".zoom-count").textContent = links.length > 1 ? (state.current + 1) + " / " + links.length : "";
        dialog.querySelector(".zoom-nav").hidden = links.length < 2;
        stage.classList.remove("zoomed");
      }
      state.show = show;
      big.addEventListener("click", function () { if (!state.swiped) stage.classList.toggle("zoomed"); });
      dialog.querySelector(".zoom-close").addEventListener("click", function () { dialog.close(); });
      dialog.querySelector(".zoom-prev").addEventListener("click", function () { show(state.current - 1); });
      dialog.querySelector(".zoom-next").addEventListener("click", function () { show(state.current + 1); });
      dialog.addEventListener("keydown", function (e) {
        if (e.key === "ArrowLeft") { show(state.current - 1); e.preventDefault(); }
        if (e.key === "ArrowRight") { show(state.current + 1); e.preventDefault(); }
      });
      // Swipe (one finger, not magnified): left for the next image, right for the previous.
      var start = null;
      stage.addEventListener("touchstart", function (e) {
        state.swiped = false;
        start = e.touches.length === 1 && !stage.classList.contains("zoomed") ? { x: e.touches[0].clientX, y: e.touches[0].clientY } : null;
      }, { passive: true });
      stage.addEventListener("touchend", function (e) {
        if (!start || !e.changedTouches.length || state.links.length < 2) return;
        var dx = e.changedTouches[0].clientX - start.x, dy = e.changedTouches[0].clientY - start.y;
        start = null;
        if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy) * 1.5) { state.swiped = true; show(state.current + (dx < 0 ? 1 : -1)); }
      });
      Zoom.dialog = dialog;
      return dialog;
    },
    /* Makes every a.zoom inside scope open the viewer, moving among scope's images. */
    attach: function (scope) {
      var links = Array.prototype.slice.call(scope.querySelectorAll("a.zoom"));
      if (!links.length || typeof HTMLDialogElement !== "function") return;
      links.forEach(function (link, i) {
        link.addEventListener("click", function (e) {
          e.preventDefault();
          e.stopPropagation();
          var dialog = Zoom.build();
          Zoom.state.links = links;
          Zoom.state.show(i);
          dialog.showModal();
        });
      });
    }
  };

  Strip.attach(doc);
  Zoom.attach(doc);
  window.Loupe.Strip = Strip;
  window.Loupe.Zoom = Zoom;

  /* ---- Offline and installable (only over http(s): from file:// there is no service worker, and the
     site still works as plain files). Ask the browser to keep this site's storage (progress, notes). ---- */
  var siteRoot = doc.body.getAttribute("data-root") || "";
  if (/^https?:$/.test(location.protocol)) {
    var manifestLink = doc.createElement("link");
    manifestLink.rel = "manifest";
    manifestLink.href = siteRoot + "manifest.webmanifest";
    doc.head.appendChild(manifestLink);
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register(siteRoot + "sw.js", { scope: siteRoot || "./" }).catch(function () { /* offline copy unavailable */ });
    }
  }
  if (navigator.storage && navigator.storage.persist && navigator.storage.persisted) {
    navigator.storage.persisted().then(function (kept) { if (!kept) return navigator.storage.persist(); }).catch(function () {});
  }

  /* ---- Keyboard: Space, Enter or → reveals the next answer; / focuses search. ---- */
  doc.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    if (doc.querySelector("dialog[open]")) return;
    if (e.key === "/") {
      var search = doc.getElementById("search-input");
      if (search) { e.preventDefault(); search.focus(); search.select(); }
      return;
    }
    if (window.Loupe.reveal && (e.key === " " || e.key === "Enter" || e.key === "ArrowRight")) {
      // Space and Enter on a link or button keep their own meaning (follow, press).
      if (e.key !== "ArrowRight" && e.target.closest && e.target.closest("button, a, summary")) return;
      if (window.Loupe.reveal.next()) e.preventDefault();
    }
  });
})();
