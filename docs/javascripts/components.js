// The page's components, loaded only where a page has something for them.
//
// Material announces every page (material-adapter.js: onPage), the first load and every
// instant navigation alike. For each page this module unmounts what the
// previous page mounted, then loads (once per visit: the browser keeps
// imported modules) and mounts each component whose elements the new page
// holds. A page without Python blocks never downloads the runner, one without
// a quiz never the quiz engine, and only the lab's page loads the lab.
//
// A component is an ES module exporting mount(root), where root is the page's
// article; mount returns a function that undoes everything it did outside the
// article's own elements (listeners on window or document, observers,
// subscriptions, timers, workers' listeners), or nothing when it mounted
// nothing. Elements Material throws away take their own listeners with them.

const COMPONENTS = [
  { name: "runner", selector: "div.runner-slot", load: () => import("../runner/runner.js") },
  { name: "quiz", selector: "[data-quiz], [data-quiz-progress]", load: () => import("./quiz.js") },
  { name: "exercises", selector: "[data-exercise]", load: () => import("./exercise.js") },
  { name: "step-through diagrams", selector: "[data-stepper]", load: () => import("./stepper.js") },
  { name: "lab", selector: "[data-viz]", load: () => import("./visualizer/lab.js") },
  { name: "write", selector: "[data-write]", load: () => import("./visualizer/write.js") },
  { name: "training", selector: "[data-train]", load: () => import("./training/training.js") },
  { name: "StreamingLLM button", selector: "[data-streaming]", load: () => import("./streaming.js") },
  { name: "offline storage", selector: "[data-offline-storage]", load: () => import("./offline-storage.js") },
];

let unmounts = [];
let generation = 0;

// Material keeps references to parts of every page it replaces (subscriptions
// of its own that outlive the page), and one reference into a replaced tree
// keeps the whole tree, a whole page's nodes per page change for as long as
// the visit lasts (measured in ba5b1a3). Taking each replaced tree apart leaves Material
// holding the few elements it refers to, not the pages around them.
let shown = [];

function dismantleReplaced() {
  for (const element of shown) {
    if (element.isConnected) continue;
    for (const inner of element.querySelectorAll("*")) inner.replaceChildren();
    element.replaceChildren();
  }
  shown = window.materialAdapter.swappedElements();
}

function unmountAll() {
  for (const unmount of unmounts.splice(0)) {
    try {
      unmount();
    } catch (error) {
      console.error("attention course: a component failed to unmount", error);
    }
  }
}

async function mountPage() {
  const page = ++generation;
  unmountAll();
  dismantleReplaced();
  const root = window.materialAdapter.article();
  const wanted = COMPONENTS.filter((component) => root.querySelector(component.selector));
  // Fetched side by side, mounted in the list's order.
  const loads = wanted.map((component) =>
    component.load().catch((error) => {
      console.error(`attention course: the ${component.name} could not be loaded`, error);
      return null;
    }),
  );
  for (const [index, component] of wanted.entries()) {
    const module = await loads[index];
    if (page !== generation) return; // the reader moved on while it loaded
    if (!module) continue;
    try {
      const unmount = module.mount(root);
      if (typeof unmount === "function") unmounts.push(unmount);
    } catch (error) {
      console.error(`attention course: the ${component.name} failed to mount`, error);
    }
  }
}

window.materialAdapter.onPage(mountPage);
