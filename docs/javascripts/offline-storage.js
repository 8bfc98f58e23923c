// How much of the course this browser keeps for offline use, and a button to
// remove it (or to keep it again): the component of [data-offline-storage],
// on "How the code runs". The worker and its caches are javascripts/offline.js's
// and docs/sw.js's, Python's memory snapshot runner/worker.js's; this only
// measures and clears them.
//
// The sizes are the stored files' own, summed cache by cache; the browser's
// estimate for the whole site (navigator.storage.estimate) is given beside
// them, since it also counts what the site keeps elsewhere (saved edits, quiz
// progress) and may round or pad.

import { confirmedIfFramed } from "./framed.js";
import { SNAPSHOT_CACHE, disable, enable, ownCache, registration, supported, turnedOff } from "./offline.js";

// The caches' kinds (docs/sw.js names them), in the order the summary lists them.
const KINDS = [
  ["precache", "Pages, styles, scripts, figures and search"],
  ["python", "Python (stored the first time a block runs)"],
  ["snapshot", "Python's memory once started (for a faster next start)"],
  ["on-demand", "The trained models' files (stored when the lab loads them)"],
];
const kindOf = (name) =>
  name === SNAPSHOT_CACHE
    ? "snapshot"
    : KINDS.map(([kind]) => kind).find((kind) => name.startsWith(`attention-course-${kind}-`));

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
const part = (bytes) => (bytes ? megabytes(bytes) : "nothing yet");

async function cacheBytes(name) {
  const cache = await caches.open(name);
  const sizes = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = await cache.match(request);
      return response ? (await response.blob()).size : 0;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Bytes this site keeps, per kind of cache (the kinds above). */
export async function storedBytes() {
  const totals = Object.fromEntries(KINDS.map(([kind]) => [kind, 0]));
  for (const name of (await caches.keys()).filter(ownCache)) {
    const kind = kindOf(name);
    if (kind) totals[kind] += await cacheBytes(name);
  }
  return totals;
}

async function estimate() {
  try {
    return navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : null;
  } catch {
    return null;
  }
}

class OfflineStorage {
  constructor(element) {
    this.element = element;
    this.generation = 0;
    element.setAttribute("role", "group");
    element.setAttribute("aria-label", "Offline copy of the course");
    this.summary = document.createElement("p");
    this.summary.setAttribute("role", "status");
    this.summary.dataset.offlineSummary = "";
    this.detail = document.createElement("p");
    this.detail.className = "offline-storage__detail";
    this.detail.dataset.offlineDetail = "";
    const actions = document.createElement("p");
    actions.className = "offline-storage__actions";
    this.remove = this.button("Remove the offline copy", "offline-remove", () => this.turnOff());
    this.keep = this.button("Keep the course for offline use", "offline-keep", () => this.turnOn());
    this.refresh = this.button("Measure again", "offline-measure", () => this.show());
    actions.append(this.remove, this.keep, this.refresh);
    element.replaceChildren(this.summary, this.detail, actions);
    this.onChange = () => this.show();
    if (supported()) navigator.serviceWorker.addEventListener("controllerchange", this.onChange);
  }

  button(text, action, onClick) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `${window.materialAdapter.buttonClass()} offline-storage__button`;
    button.dataset.action = action;
    button.textContent = text;
    button.addEventListener("click", onClick);
    return button;
  }

  // Only the latest measurement is shown (the reader may press twice).
  async show(note = "") {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    if (!supported()) {
      this.state("unsupported");
      this.summary.textContent =
        "This browser cannot keep the course for offline use here (no service workers: a private window, or an " +
        "address that is not secure). Every page still works online.";
      this.detail.textContent = "";
      return;
    }
    const [found, totals, usage] = await Promise.all([registration(), storedBytes(), estimate()]);
    if (!current()) return;
    const sum = Object.values(totals).reduce((a, b) => a + b, 0);
    if (turnedOff() || !found) {
      this.state("off");
      this.summary.textContent = `${note}The course is not kept on this device: pages load from the network.`;
    } else {
      this.state("on");
      const ready = found.active ? "" : " (being stored now)";
      this.summary.textContent =
        `${note}Kept on this device for offline use: ${megabytes(sum)} in all${ready}. ` +
        KINDS.map(([kind, what]) => `${what}: ${part(totals[kind])}`).join(". ") +
        ".";
    }
    this.element.dataset.offlineBytes = String(sum);
    this.detail.textContent =
      usage && usage.usage !== undefined
        ? `Your browser counts ${megabytes(usage.usage)} stored by this site in all` +
          (usage.quota ? `, of the ${megabytes(usage.quota)} it allows it.` : ".")
        : "";
  }

  state(name) {
    this.element.dataset.offlineState = name;
    this.remove.hidden = name !== "on";
    this.keep.hidden = name !== "off";
    this.refresh.hidden = name === "unsupported";
  }

  async turnOff() {
    if (!confirmedIfFramed("Remove the course's offline copy from this device?")) return;
    const before = Object.values(await storedBytes()).reduce((a, b) => a + b, 0);
    await disable();
    await this.show(`Removed ${megabytes(before)}. `);
    this.keep.focus(); // the pressed button is gone: the focus goes to the one that undoes it
  }

  async turnOn() {
    const found = await enable();
    await this.show(found ? "" : "The browser did not allow it. ");
    if (!this.remove.hidden) this.remove.focus();
    // The worker stores the pages as it installs: measure again when it is done.
    const worker = found && (found.installing || found.waiting);
    if (worker) {
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated" || worker.state === "installed") this.show();
      });
    }
  }

  destroy() {
    this.generation++;
    if (supported()) navigator.serviceWorker.removeEventListener("controllerchange", this.onChange);
  }
}

export function mount(root) {
  const parts = [...root.querySelectorAll("[data-offline-storage]")].map((element) => new OfflineStorage(element));
  parts.forEach((part) => part.show());
  return () => parts.forEach((part) => part.destroy());
}
