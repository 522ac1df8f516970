import type { Page } from 'playwright-core';

/**
 * Replaces each `<pre class="mermaid-source">` of the page with the diagram as SVG, rendered by
 * the bundled Mermaid in strict mode (its labels are sanitised). A diagram that fails to parse
 * becomes a visible 'Mermaid Error' placeholder holding its source, as in the editor.
 */
export async function renderDiagrams(page: Page): Promise<void> {
  const count = await page.locator('pre.mermaid-source').count();
  if (count === 0) return;
  await page.addScriptTag({ url: '/mermaid.js' });
  await page.evaluate(async () => {
    type Mermaid = {
      initialize(config: object): void;
      render(id: string, text: string): Promise<{ svg: string }>;
    };
    const mermaid = (window as unknown as { mermaid: Mermaid }).mermaid;
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'neutral',
      flowchart: { htmlLabels: false },
    });
    const sources = [...document.querySelectorAll('pre.mermaid-source')];
    for (const [index, source] of sources.entries()) {
      const figure = source.parentElement as HTMLElement;
      try {
        const { svg } = await mermaid.render(`diagram-${index}`, source.textContent ?? '');
        figure.innerHTML = svg;
      } catch {
        // Mermaid leaves its error drawing at the end of the body.
        document.getElementById(`ddiagram-${index}`)?.remove();
        document.getElementById(`diagram-${index}`)?.remove();
        const error = document.createElement('div');
        error.className = 'broken';
        error.textContent = `[Mermaid Error] ${source.textContent ?? ''}`;
        figure.replaceChildren(error);
      }
    }
  });
}
