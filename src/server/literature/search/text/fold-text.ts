/**
 * Folds text to the comparison form used by the index: lower case, no diacritics, and the
 * letters that Unicode decomposition leaves alone (ß, ø, Greek) spelled out in ASCII, so that
 * "Schrödinger", "Schrodinger" and "TNF-α" / "TNF-alpha" meet on the same terms.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\p{ASCII}]/u;
const NON_ASCII_GLOBAL = /[^\p{ASCII}]/gu;

// Greek letters become words with spaces around them: "tnfα" must split into "tnf alpha".
const GREEK: Readonly<Record<string, string>> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  ζ: 'zeta',
  η: 'eta',
  θ: 'theta',
  ι: 'iota',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  ν: 'nu',
  ξ: 'xi',
  ο: 'omicron',
  π: 'pi',
  ρ: 'rho',
  σ: 'sigma',
  ς: 'sigma',
  τ: 'tau',
  υ: 'upsilon',
  φ: 'phi',
  χ: 'chi',
  ψ: 'psi',
  ω: 'omega',
};

// Letters with no canonical decomposition, so NFKD keeps them as they are.
const LATIN_SPECIALS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŀ: 'l',
  ħ: 'h',
};

function spellOut(char: string): string {
  const greek = GREEK[char];
  if (greek !== undefined) return ` ${greek} `;
  return LATIN_SPECIALS[char] ?? char;
}

/** Lower-cases and strips diacritics; pure ASCII input takes a fast path. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFKD').replace(COMBINING_MARKS, '').replace(NON_ASCII_GLOBAL, spellOut);
}
