// Which tokens are selected when the view changes: the key a query looks at
// when the reader has not chosen one, and the word that stays selected from
// one sentence, or one model, to the next. No DOM here.

/** The index of the largest value of a row: the key a query weighs most. */
export function argmax(row) {
  let best = 0;
  row.forEach((value, i) => {
    if (value > row[best]) best = i;
  });
  return best;
}

/**
 * The index in `tokens` of the token selected at `query` in `before`: the same
 * word (exactly, else in any case: the trained model's tokens are lower case;
 * the language model's carry the space before a word), the same occurrence of
 * it; else `fallback`, by default the first word.
 */
export function sameWord(before, query, tokens, fallback = tokens[0] === "[CLS]" ? 1 : 0) {
  const word = before && before[query];
  if (!word) return fallback;
  const loose = (text) => text.trim().toLowerCase();
  for (const same of [(token) => token === word, (token) => loose(token) === loose(word)]) {
    const occurrence = before.slice(0, query).filter(same).length;
    const matches = tokens.flatMap((token, i) => (same(token) ? [i] : []));
    if (matches.length) return matches[Math.min(occurrence, matches.length - 1)];
  }
  return fallback;
}

/** The tokens of a preset of either model, known before its view is loaded. */
export function presetTokens(preset) {
  return preset.tokens || preset.views[0].tokens;
}
