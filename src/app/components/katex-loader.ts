import type KatexModule from 'katex';

type Katex = typeof KatexModule;

let loaded: Katex | null = null;
let loading: Promise<Katex> | null = null;

/**
 * KaTeX (about 260 kB and its fonts' stylesheet) is fetched the first time a formula is shown,
 * so neither the landing page nor an editor without equations downloads it.
 */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([module]) => (loaded = module.default),
  );
  return loading;
}

/** KaTeX if it has been fetched already, so renders after the first need not wait a tick. */
export function katexIfLoaded(): Katex | null {
  return loaded;
}
