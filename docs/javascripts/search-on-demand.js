// The search index is fetched when the reader shows they want to search, not with every page.
//
// Material for MkDocs asks for search/search_index.json (the whole site's
// text, larger than a lesson page: measured in 1762b64) as soon as a page
// starts, though most visits never search. This
// classic script runs before Material's bundle (overrides/main.html) and holds
// back that one request: Material asks with XMLHttpRequest, and the request's
// send() waits until the pointer goes over the search box, the search box gets
// the focus (also through Material's keyboard shortcuts "/", "s" and "f") or
// the search dialog opens. Material sees nothing but a slower answer: it keeps
// its own "Initializing search" state until the index arrives, and runs the
// query the reader has typed by then.
//
// A page reached from a search result (its address carries ?h=…) asks at once,
// because Material highlights the terms found as soon as the index is there.
(function () {
  "use strict";
  var INDEX = /\/search\/search_index\.json$/;
  var EVENTS = ["focusin", "pointerover", "change"];
  var wanted = /[?&]h=/.test(location.search);
  var waiting = [];
  var urls = new WeakMap();
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;

  function aboutSearch(target) {
    return (
      target instanceof Element &&
      (target.id === "__search" || target.closest(".md-search, label[for=__search]") !== null)
    );
  }

  function release() {
    wanted = true;
    EVENTS.forEach(function (name) {
      document.removeEventListener(name, onIntent, true);
    });
    waiting.splice(0).forEach(function (go) {
      go();
    });
  }

  function onIntent(event) {
    if (aboutSearch(event.target)) release();
  }

  XMLHttpRequest.prototype.open = function (method, url) {
    urls.set(this, String(url));
    return open.apply(this, arguments);
  };

  XMLHttpRequest.prototype.send = function () {
    var request = this;
    var args = arguments;
    var url = (urls.get(this) || "").split(/[?#]/)[0];
    if (wanted || !INDEX.test(url)) return send.apply(this, arguments);
    waiting.push(function () {
      try {
        send.apply(request, args);
      } catch (error) {
        // Material's request already failed or was abandoned: nothing is waiting for it.
      }
    });
  };

  if (!wanted) {
    EVENTS.forEach(function (name) {
      document.addEventListener(name, onIntent, true);
    });
  }
})();
