// The step-through diagrams: a computation the reader moves through a step at a time.
//
// overrides/hooks/diagrams.py writes each one into its page as a
// figure[data-stepper] holding the first step drawn in HTML (what a reader
// without JavaScript sees), the controls (disabled, and hidden without
// JavaScript by the style sheet), and every step's numbers
// as JSON in the data-stepper-data attribute of an empty element, which the
// package computed when the site was built (site_examples/generate/diagrams.py).
// This module enables the controls (Previous, Next, a slider: all native
// controls, so the keyboard works them as it works any button and range) and
// draws the chosen step from the JSON, with the markup of the first. The first
// step is left as the build drew it, so that nothing on the page changes as it
// starts.
// The caption is a polite live region: a screen reader says each new step.
// Nothing moves: a step is drawn at once, with no transition or animation,
// so a reader who asks for reduced motion gets none either.

/** The text of a number as the fallback writes it (the data holds it rounded to two decimals). */
function cellText(value) {
  return value === null ? "·" : value.toFixed(2);
}

function matrixTable(item) {
  const table = document.createElement("table");
  table.className = "stepper-matrix";
  const caption = table.createCaption();
  const shape = document.createElement("span");
  shape.className = "stepper-shape";
  shape.textContent = item.shape;
  caption.append(`${item.name} `, shape);
  const head = table.createTHead().insertRow();
  head.append(document.createElement("td"));
  for (const label of item.cols) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = label;
    head.append(th);
  }
  const hot = new Set(item.hot.map(([r, c]) => `${r},${c}`));
  const body = table.createTBody();
  item.values.forEach((row, r) => {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = item.rows[r];
    tr.append(th);
    row.forEach((value, c) => {
      const td = tr.insertCell();
      td.textContent = cellText(value);
      if (hot.has(`${r},${c}`)) td.className = "stepper-hot";
    });
  });
  return table;
}

function setControls(figure, steps, index) {
  figure.dataset.stepperStep = String(index + 1);
  const slider = figure.querySelector("[data-control=step]");
  slider.value = String(index + 1);
  slider.setAttribute("aria-valuetext", `step ${index + 1} of ${steps.length}`);
  slider.disabled = false;
  figure.querySelector("[data-action=previous]").disabled = index === 0;
  figure.querySelector("[data-action=next]").disabled = index === steps.length - 1;
}

function drawStep(figure, steps, index) {
  const step = steps[index];
  const caption = figure.querySelector("[data-stepper-caption]");
  const text = `Step ${index + 1} of ${steps.length}: ${step.caption}`;
  if (caption.textContent !== text) caption.textContent = text; // the same text again is not news
  const items = step.items.map((item) => {
    if ("op" in item) {
      const op = document.createElement("span");
      op.className = "stepper-op";
      op.setAttribute("aria-hidden", "true");
      op.textContent = item.op;
      return op;
    }
    return matrixTable(item);
  });
  figure.querySelector("[data-stepper-items]").replaceChildren(...items);
  setControls(figure, steps, index);
}

function mountOne(figure) {
  if (figure.dataset.stepperReady) return;
  const steps = JSON.parse(figure.querySelector("[data-stepper-data]").dataset.stepperData).steps;
  let index = 0;
  const go = (next) => {
    const wanted = Math.max(0, Math.min(steps.length - 1, next));
    const button = document.activeElement;
    index = wanted;
    drawStep(figure, steps, index);
    // A button that turned disabled loses the focus; hand it to the slider, which stays.
    if (button instanceof HTMLButtonElement && button.disabled && figure.contains(button)) {
      figure.querySelector("[data-control=step]").focus();
    }
  };
  figure.querySelector("[data-action=previous]").addEventListener("click", () => go(index - 1));
  figure.querySelector("[data-action=next]").addEventListener("click", () => go(index + 1));
  figure.querySelector("[data-control=step]").addEventListener("input", (event) => go(Number(event.target.value) - 1));
  setControls(figure, steps, index); // step 1 is on the page already
  figure.dataset.stepperReady = "true";
}

/** Mount every step-through diagram in ``root``; only their own elements get listeners. */
export function mount(root) {
  for (const figure of root.querySelectorAll("[data-stepper]")) {
    try {
      mountOne(figure);
    } catch (error) {
      console.error("attention course: a step-through diagram could not start", error);
    }
  }
}
