import { katexIfLoaded, loadKatex } from '../../components/katex-loader';

/** What each target last asked to show, so a render that waited for KaTeX never overwrites a newer one. */
const latest = new WeakMap<HTMLElement, string>();

/**
 * Renders LaTeX into `target`; a syntax error shows KaTeX's red source text instead of throwing.
 * Until KaTeX is fetched (loadKatex) the target shows the LaTeX source.
 */
export function renderLatex(target: HTMLElement, latex: string, displayMode: boolean): void {
  const source = latex.trim() === '' ? '\\square' : latex;
  latest.set(target, source);
  const render = (katex: NonNullable<ReturnType<typeof katexIfLoaded>>) => {
    if (latest.get(target) !== source) return;
    katex.render(source, target, {
      displayMode,
      throwOnError: false,
      // Papers hold macros from many sources; unknown commands render red instead of failing.
      strict: 'ignore',
      trust: false,
    });
  };
  const katex = katexIfLoaded();
  if (katex) {
    render(katex);
    return;
  }
  target.textContent = source;
  void loadKatex().then(render);
}
