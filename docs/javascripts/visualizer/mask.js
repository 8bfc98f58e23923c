// The mask, in one place for the page: its two names (the "mask" field of a
// view and of the lab's state: docs/architecture.md, "The visualizer's data
// contract"), and which weights the causal mask hides, for every component
// that draws or describes them. The rule is the attention package's: a query
// sees itself and the tokens before it, never a later key. No DOM here.

export const NO_MASK = "none";
export const CAUSAL = "causal";

/** Whether a view, or the lab's state, has the causal mask (else every token sees every token). */
export function causal(setting) {
  return setting.mask === CAUSAL;
}

/** Whether the weight of query `q` on key `k` is masked in the view (a later token: its weight is 0). */
export function masked(view, q, k) {
  return causal(view) && k > q;
}

/** The mask in a caption's list of settings. */
export function maskName(view) {
  return causal(view) ? "causal mask" : "no mask";
}
