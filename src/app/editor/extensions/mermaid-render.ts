import type { Mermaid } from 'mermaid';
import { MERMAID_ENTRY } from './mermaid-url';

let loading: Promise<Mermaid> | null = null;
let counter = 0;

// Mermaid is large; it is only fetched once a paper actually contains a diagram, from its own
// prebuilt modules (mermaid-url.ts).
function loadMermaid(): Promise<Mermaid> {
  loading ??= (import(/* @vite-ignore */ MERMAID_ENTRY) as Promise<{ default: Mermaid }>).then(
    ({ default: mermaid }) => {
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'neutral',
        // Errors are shown by the editor ('Mermaid Error'), not as mermaid's bomb image.
        suppressErrorRendering: true,
      });
      return mermaid;
    },
  );
  return loading;
}

/** Renders a diagram to SVG markup; rejects with the parser's message when the code is invalid. */
export async function renderMermaid(code: string): Promise<string> {
  const mermaid = await loadMermaid();
  counter += 1;
  const id = `scriptor-mermaid-${counter}`;
  try {
    const { svg } = await mermaid.render(id, code);
    return svg;
  } finally {
    // A failed render can leave its scratch element behind in <body>.
    document.getElementById(id)?.remove();
    document.getElementById(`d${id}`)?.remove();
  }
}
