// Material's search worker, with the site's text loaded when the reader first searches, not with every page.
//
// Material's page asks for the search index as it starts, and hands it to its
// search worker, though most visits never search. The build leaves only the
// index's config there (the post-build step postbuild/search.py, through
// site_examples/material_adapter.py: split_search_index) and names this worker
// in the page's configuration in place of Material's, and writes the name of
// Material's worker file into this one. This worker stands before Material's: it
// answers Material's "setup" at once with "ready", so the search box works as
// always, and holds the reader's first query (the first that is not empty)
// while it fetches the site's text and loads Material's worker (importScripts);
// then it gives Material's worker the whole index and the queries held, in the
// order they came (any that come meanwhile join them: answered before the older
// ones, they would be overwritten by stale results). On a page reached from a search result, Material
// highlights the words found from the config alone. (Material's worker loads
// the search's language packs from beside its own file; the site is in
// English, which needs none.)
//
// Material's worker messages, traced against its release in
// tests/site/test_material_contract.py (check_search_worker): 0 setup
// ({config, docs, options}), answered with 1 ready; 2 query, answered with 3 result.

(() => {
  "use strict";
  const SETUP = 0;
  const READY = 1;
  const QUERY = 2;
  const RESULT = 3;
  const TEXT = new URL("../search/search_index.full.json", self.location.href);
  // Material's worker's file name, written in by the build (site_examples/material_adapter.py: name_material_worker).
  const MATERIAL = new URL("../assets/javascripts/workers/__MATERIAL_SEARCH_WORKER__", self.location.href);

  let setup = null; // the page's setup message, with the config and no docs
  let state = "waiting"; // then "loading" at the first query, then "ready": Material's worker answers everything
  let passing = false;
  const held = [];

  // Hands a message to Material's worker, which listens on this worker's "message" after this script.
  function pass(data) {
    passing = true;
    try {
      self.dispatchEvent(new MessageEvent("message", { data }));
    } finally {
      passing = false;
    }
  }

  async function load() {
    state = "loading";
    let docs = [];
    try {
      const response = await fetch(TEXT);
      if (!response.ok) throw new Error(`${TEXT}: ${response.status}`);
      docs = (await response.json()).docs;
    } catch (error) {
      console.error("attention course: the search's text could not be loaded", error);
    }
    try {
      // Material's worker itself comes now too (12 kB compressed that a visit without a search never needs):
      // its "message" listener goes after this one, which lets everything through from here on.
      importScripts(MATERIAL.href);
    } catch (error) {
      console.error("attention course: Material's search worker could not be loaded", error);
      state = "waiting"; // the next query tries again; these get no results
      for (const message of held.splice(0)) {
        if (message.type === QUERY) self.postMessage({ type: RESULT, data: { items: [] } });
      }
      return;
    }
    pass({ type: SETUP, data: { ...setup, docs } });
    // Material builds its index in the microtasks that follow setup; the queries wait for the next task, and
    // those that come before it wait behind them (still "loading"), so that the last query's results come last.
    setTimeout(() => {
      state = "ready";
      for (const message of held.splice(0)) pass(message);
    });
  }

  self.addEventListener("message", (event) => {
    if (passing || state === "ready") return; // Material's worker takes it
    event.stopImmediatePropagation();
    if (event.data && event.data.type === SETUP) {
      setup = event.data.data;
      self.postMessage({ type: READY });
      if (held.length) load();
      return;
    }
    if (event.data && event.data.type === QUERY && !String(event.data.data).trim() && !held.length) {
      // The box's empty value, sent as the search is set up and when it is cleared: nothing to find yet (with
      // queries held, it waits behind them, so that an older query's results never come after it).
      self.postMessage({ type: RESULT, data: { items: [] } });
      return;
    }
    held.push(event.data);
    if (state === "waiting" && setup) load();
  });

})();
