// Number formatting and the colour scale of the visualizer; formatBytes is
// the runner's too (docs/runner/runner.js imports it). No DOM here.

/** A size in bytes as "45.4 MB" or "160 kB". */
export function formatBytes(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

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

// OKLCH -> sRGB (Björn Ottosson's OKLab, 2020): OKLab -> cube roots of LMS
// -> LMS -> linear sRGB -> the sRGB transfer curve. Canvas drawings need
// bytes, not CSS colour strings.
function oklchToRgb(l, c, hue) {
  const a = c * Math.cos((hue * Math.PI) / 180);
  const b = c * Math.sin((hue * Math.PI) / 180);
  const lms = [l + 0.3963377774 * a + 0.2158037573 * b, l - 0.1055613458 * a - 0.0638541728 * b, l - 0.0894841775 * a - 1.291485548 * b].map(
    (x) => x * x * x,
  );
  const linear = [
    4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
    -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
    -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.707614701 * lms[2],
  ];
  return linear.map((x) => {
    const v = Math.min(1, Math.max(0, x)); // out-of-gamut components are clipped
    return Math.round(255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055));
  });
}

/** The colours of weights 0, 1/(steps-1), …, 1 on the scale of `scheme`, as [r, g, b] bytes (for canvas drawings). */
export function weightPalette(scheme, steps = 256) {
  const s = SCALES[scheme];
  return Array.from({ length: steps }, (_, i) => {
    const t = i / (steps - 1);
    return oklchToRgb(mix(s.l, t), mix(s.c, t), mix(s.h, t));
  });
}
