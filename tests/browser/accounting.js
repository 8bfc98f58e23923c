// Test-only bookkeeping of what the course's own scripts register, for the leak tests
// (tests/browser/accounting.py installs it in a context before any page script runs).
//
// A component that unmounts cleanly gives back everything it registered on what
// outlives its page: event listeners on window, document or elements still in the
// document, intervals, timeouts and frames still pending, observers still watching
// an element of the document (or with nothing to watch: PerformanceObserver), and
// workers not terminated. This script wraps those registration calls and records,
// for each registration made while one of the course's scripts is on the call
// stack, its kind, its event type and the first of our frames (file:line:col), so
// that two readings can be compared exactly and a difference names the line that
// registered it. Material's own bundle (under assets/) is not ours and is not
// counted; its bookkeeping is not the course's to test.
//
// Nothing here depends on the garbage collector or on time: a registration is live
// until it is undone, or until its target has left the document (the element
// takes its listeners with it), or until a one-shot timer has fired.
(() => {
  if (window.__accounting) return;
  // A frame of the page's own origin: Python's, runner/python-frame.html, where the page makes its worker
  // with the frame's Worker constructor (docs/runner/python-session.js). The workers made there are the
  // page's, counted in its records; the frame runs no script of its own, so there is nothing else to count.
  let host = null;
  try {
    host = window !== window.parent ? window.parent.__accounting || null : null;
  } catch {
    /* a frame of another origin: counted on its own, as any page */
  }
  if (host) {
    if (window.Worker) {
      const Original = window.Worker;
      window.Worker = class Worker extends Original {
        constructor(...args) {
          super(...args);
          this.__entry = host.workerMade(args[0]);
        }
        terminate() {
          host.workerEnded(this.__entry);
          return super.terminate();
        }
      };
    }
    return;
  }
  // The course's scripts: javascripts/, runner/ and vendor/ at any sub-path, not
  // Material's assets/javascripts/; and the page's own inline scripts (our template's).
  const OURS = /(?<!assets)\/(?:javascripts|runner|vendor)\/[^\s)]*?\.m?js:\d+:\d+/;
  const records = new Set();
  let nextId = 1;
  // The generation of a timer callback that is running: a timer it starts inherits it,
  // so that a chain of timeouts is one registration that never ends, not many.
  let inherited = null;
  const state = { generation: 0 };
  const originals = {
    add: EventTarget.prototype.addEventListener,
    remove: EventTarget.prototype.removeEventListener,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    setInterval: window.setInterval.bind(window),
    clearInterval: window.clearInterval.bind(window),
    raf: window.requestAnimationFrame.bind(window),
    caf: window.cancelAnimationFrame.bind(window),
    ric: window.requestIdleCallback ? window.requestIdleCallback.bind(window) : null,
    cic: window.cancelIdleCallback ? window.cancelIdleCallback.bind(window) : null,
  };

  function ourFrame() {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 80;
    const stack = new Error().stack || "";
    Error.stackTraceLimit = limit;
    for (const line of stack.split("\n").slice(2)) {
      const match = line.match(OURS);
      if (match) return match[0].replace(/^.*?\/((?:javascripts|runner|vendor)\/)/, "$1");
    }
    return null;
  }

  function record(kind, type, where, extra) {
    const entry = { id: nextId++, kind, type, where, generation: inherited ?? state.generation, ended: false, ...extra };
    records.add(entry);
    return entry;
  }

  function end(entry) {
    if (entry && !entry.ended) {
      entry.ended = true;
      records.delete(entry);
    }
  }

  // --- Event listeners -------------------------------------------------------------
  const listeners = new WeakMap(); // target -> [{type, listener, capture, entry}]

  function capture(options) {
    return typeof options === "boolean" ? options : Boolean(options && options.capture);
  }

  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const result = originals.add.call(this, type, listener, options);
    if (!listener) return result;
    const where = ourFrame();
    if (!where) return result;
    const signal = options && typeof options === "object" ? options.signal : undefined;
    if (signal && signal.aborted) return result;
    const list = listeners.get(this) || [];
    const useCapture = capture(options);
    if (list.some((each) => each.type === type && each.listener === listener && each.capture === useCapture)) return result;
    const entry = record("listener", type, where, { target: new WeakRef(this) });
    const item = { type, listener, capture: useCapture, entry };
    list.push(item);
    listeners.set(this, list);
    const drop = () => {
      end(entry);
      const at = list.indexOf(item);
      if (at >= 0) list.splice(at, 1);
    };
    item.drop = drop;
    if (options && typeof options === "object" && options.once) {
      // Fires with (and right after) the listener it stands for, which the browser then removes.
      originals.add.call(this, type, drop, { once: true, capture: useCapture, signal });
    }
    if (signal) originals.add.call(signal, "abort", drop, { once: true });
    return result;
  };

  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const list = listeners.get(this);
    if (list) {
      const useCapture = capture(options);
      const item = list.find((each) => each.type === type && each.listener === listener && each.capture === useCapture);
      if (item) item.drop();
    }
    return originals.remove.call(this, type, listener, options);
  };

  // --- Timers ------------------------------------------------------------------------
  function oneShot(kind, start, cancel) {
    const byHandle = new Map();
    const wrappedStart = function (callback, ...rest) {
      const where = typeof callback === "function" ? ourFrame() : null;
      if (!where) return start(callback, ...rest);
      const entry = record(kind, "", where);
      const handle = start(function (...args) {
        byHandle.delete(handle);
        const outer = inherited;
        inherited = entry.generation;
        try {
          return callback.apply(this, args);
        } finally {
          inherited = outer;
          end(entry);
        }
      }, ...rest);
      byHandle.set(handle, entry);
      return handle;
    };
    const wrappedCancel = function (handle) {
      end(byHandle.get(handle));
      byHandle.delete(handle);
      return cancel(handle);
    };
    return [wrappedStart, wrappedCancel];
  }
  [window.setTimeout, window.clearTimeout] = oneShot("timeout", originals.setTimeout, originals.clearTimeout);
  [window.requestAnimationFrame, window.cancelAnimationFrame] = oneShot("frame", originals.raf, originals.caf);
  if (originals.ric) {
    [window.requestIdleCallback, window.cancelIdleCallback] = oneShot("idle", originals.ric, originals.cic);
  }

  const intervals = new Map();
  window.setInterval = function (callback, ...rest) {
    const handle = originals.setInterval(callback, ...rest);
    const where = typeof callback === "function" ? ourFrame() : null;
    if (where) intervals.set(handle, record("interval", "", where));
    return handle;
  };
  window.clearInterval = function (handle) {
    end(intervals.get(handle));
    intervals.delete(handle);
    return originals.clearInterval(handle);
  };

  // --- Observers and workers -----------------------------------------------------------
  for (const name of ["MutationObserver", "ResizeObserver", "IntersectionObserver", "PerformanceObserver"]) {
    const Original = window[name];
    if (!Original) continue;
    const Counted = class extends Original {
      constructor(...args) {
        super(...args);
        const where = ourFrame();
        this.__entry = where ? record("observer", name, where, { targets: new Set(), watching: false }) : null;
      }
      observe(target, ...rest) {
        const result = super.observe(target, ...rest);
        if (this.__entry) {
          this.__entry.watching = true;
          if (target && typeof target === "object") this.__entry.targets.add(new WeakRef(target));
        }
        return result;
      }
      unobserve(target) {
        const result = super.unobserve(target);
        if (this.__entry) {
          for (const ref of this.__entry.targets) if (ref.deref() === target) this.__entry.targets.delete(ref);
        }
        return result;
      }
      disconnect() {
        const result = super.disconnect();
        end(this.__entry);
        return result;
      }
    };
    Object.defineProperty(Counted, "name", { value: name });
    window[name] = Counted;
  }

  if (window.Worker) {
    const Original = window.Worker;
    window.Worker = class Worker extends Original {
      constructor(...args) {
        super(...args);
        const where = ourFrame();
        this.__entry = where ? record("worker", String(args[0]).replace(/^.*\//, ""), where) : null;
      }
      terminate() {
        end(this.__entry);
        return super.terminate();
      }
    };
  }

  // --- Readings --------------------------------------------------------------------------
  function inDocument(target) {
    if (!target) return false;
    if (target === window || target === document) return true;
    if (typeof Node !== "undefined" && target instanceof Node) return target.isConnected;
    return true; // a worker, a media query list, a signal...: lives as long as it is referenced
  }

  function live(entry) {
    if (entry.kind === "listener") return inDocument(entry.target.deref());
    if (entry.kind === "observer") {
      if (!entry.watching) return false;
      if (entry.type === "PerformanceObserver") return true;
      for (const ref of entry.targets) if (inDocument(ref.deref())) return true;
      return false;
    }
    return true;
  }

  window.__accounting = {
    // Called by the test just before it navigates: what starts from here belongs to the next page.
    nextPage() {
      state.generation += 1;
      return state.generation;
    },
    current() {
      return state.generation;
    },
    // A worker made with the Worker constructor of one of the page's own frames, and its end (above).
    workerMade(url) {
      const where = ourFrame();
      return where ? record("worker", String(url).replace(/^.*\//, ""), where) : null;
    },
    workerEnded(entry) {
      end(entry);
    },
    // Live registrations as {kind, type, where, generation}.
    live() {
      return [...records].filter(live).map(({ kind, type, where, generation }) => ({ kind, type, where, generation }));
    },
  };
})();
