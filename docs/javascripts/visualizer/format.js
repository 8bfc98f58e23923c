// Number formatting and the colour scale of the visualizer. No DOM here.

/** A weight for display: fixed decimals, "0" kept as written so exact zeros stay visible as such. */
export function formatWeight(weight, digits = 3) {
  return weight === 0 ? "0" : weight.toFixed(digits);
}

/** A score or vector component: fixed decimals, with a real minus sign. */
export function formatNumber(value, digits = 2) {
  const text = Math.abs(value) < 0.5 * 10 ** -digits ? (0).toFixed(digits) : value.toFixed(digits);
  return text.replace("-", "−");
}

/** A share in [0, 1] as a whole percentage. */
export function formatShare(share) {
  return `${Math.round(share * 100)}%`;
}

export function formatBits(bits) {
  return `${bits.toFixed(2)} bits`;
}

// Sequential colour scales for weights in [0, 1], one per colour scheme. Both
// vary monotonically in lightness (OKLCH L), so order reads without colour
// vision: light scheme, from near-white to deep blue; dark scheme, from the
// page's dark grey through teal to yellow (a viridis-like path), so that a
// zero weight recedes into the background in both.
const SCALES = {
  light: { l: [0.985, 0.37], c: [0.012, 0.15], h: [250, 262] },
  dark: { l: [0.27, 0.93], c: [0.05, 0.17], h: [290, 100] },
};

function mix([from, to], t) {
  return from + (to - from) * t;
}

/** The colour of a weight, as a CSS oklch() colour, for scheme "light" or "dark". */
export function weightColour(weight, scheme) {
  const s = SCALES[scheme];
  const t = Math.min(1, Math.max(0, weight));
  return `oklch(${mix(s.l, t).toFixed(3)} ${mix(s.c, t).toFixed(3)} ${mix(s.h, t).toFixed(1)})`;
}

/** Which ink reads on that colour: "light" text on dark cells, "dark" text on light ones. */
export function inkFor(weight, scheme) {
  const lightness = mix(SCALES[scheme].l, Math.min(1, Math.max(0, weight)));
  return lightness < 0.62 ? "light" : "dark";
}
