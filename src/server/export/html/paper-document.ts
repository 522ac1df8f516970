import { escapeHtml } from './escape-html';
import { PAGE_NUMBERS_CSS, PAPER_CSS } from './paper-css';

export interface PaperDocumentOptions {
  title: string;
  body: string;
  /** Links KaTeX's stylesheet (served to the export browser); MathML needs none. */
  katex: boolean;
  /** Prints 'n / pages' at the foot of every page (PDF). */
  pageNumbers?: boolean;
}

/** A complete HTML page around a rendered body, its styles inline. */
export function paperDocument(options: PaperDocumentOptions): string {
  const katex = options.katex ? '<link rel="stylesheet" href="/katex.css">' : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title.trim() === '' ? 'Untitled paper' : options.title)}</title>
${katex}
<style>${PAPER_CSS}${options.pageNumbers ? PAGE_NUMBERS_CSS : ''}</style>
</head>
<body>
${options.body}
</body>
</html>`;
}
