// The search index is fetched when the reader shows they want to search, not with every page.
//
// Material for MkDocs asks for the search index (the whole site's text,
// larger than a lesson page: measured in 1762b64) as soon as a page starts,
// though most visits never search. This classic script runs before Material's
// bundle (overrides/main.html) and has the runtime adapter
// (material-adapter.js: holdSearchIndex) hold that one request back until the
// pointer goes over the search box, the search box gets the focus (also
// through Material's keyboard shortcuts "/", "s" and "f") or the search dialog
// opens. Material keeps its own "Initializing search" state until the index
// arrives, and runs the query the reader has typed by then.
//
// A page reached from a search result (its address carries ?h=…) asks at once,
// because Material highlights the terms found as soon as the index is there.
(function () {
  "use strict";
  var adapter = window.materialAdapter;
  var EVENTS = ["focusin", "pointerover", "change"];
  if (/[?&]h=/.test(location.search)) return;
  var release = adapter.holdSearchIndex();

  function onIntent(event) {
    if (!adapter.isSearchPart(event.target)) return;
    EVENTS.forEach(function (name) {
      document.removeEventListener(name, onIntent, true);
    });
    release();
  }

  EVENTS.forEach(function (name) {
    document.addEventListener(name, onIntent, true);
  });
})();
