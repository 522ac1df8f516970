/**
 * The stylesheet of an exported paper, on screen and in print: a serif body, numbered
 * headings, centred equations and figures, ruled tables, and a hanging-indent reference list.
 * Words longer than a line break anywhere: laid out as one line, a 1 MB word held Chromium for
 * a minute (and a long address ran off the page).
 */
export const PAPER_CSS = `
:root { color-scheme: light; }
body { font-family: 'Liberation Serif', 'Times New Roman', serif; font-size: 11.5pt; line-height: 1.45;
  color: #111; max-width: 46em; margin: 2em auto; padding: 0 1.5em; overflow-wrap: anywhere; }
h1.title { font-size: 1.7em; text-align: center; margin: 0 0 1.2em; line-height: 1.2; }
h1 { font-size: 1.45em; margin: 1.8em 0 0.7em; line-height: 1.2; }
h2 { font-size: 1.3em; margin: 1.6em 0 0.6em; }
h3 { font-size: 1.12em; margin: 1.3em 0 0.5em; }
h4, h5, h6 { font-size: 1em; margin: 1.1em 0 0.4em; }
h2, h3, h4, h5, h6 { break-after: avoid; page-break-after: avoid; }
.section-number { margin-right: 0.35em; }
p { margin: 0 0 0.7em; text-align: justify; hyphens: auto; }
a { color: #1a4d8f; text-decoration: none; }
.citation a { color: inherit; border-bottom: 1px dotted #1a4d8f; }
sup.citation { font-size: 0.7em; }
.equation { margin: 0.8em 0; text-align: center; overflow-x: auto; }
figure.diagram { margin: 1em 0; text-align: center; break-inside: avoid; }
figure.diagram svg { max-width: 100%; height: auto; }
pre { font-family: 'Liberation Mono', monospace; font-size: 0.85em; background: #f5f5f5; padding: 0.6em;
  white-space: pre-wrap; break-inside: avoid; }
code { font-family: 'Liberation Mono', monospace; font-size: 0.9em; }
table { border-collapse: collapse; margin: 1em auto; font-size: 0.95em; break-inside: avoid; }
th, td { border: 1px solid #999; padding: 0.3em 0.6em; vertical-align: top; }
th { background: #f0f0f0; }
img { max-width: 100%; height: auto; }
blockquote { margin: 0.8em 2em; color: #333; }
.comment { background: #fff4c2; }
.broken { color: #b00020; font-family: 'Liberation Mono', monospace; font-size: 0.9em; }
.references .reference { padding-left: 2em; text-indent: -2em; text-align: left; }
.references .excerpt { text-indent: 0; margin: 0.2em 0 0.4em; font-size: 0.9em; color: #444; }
.notes { font-size: 0.92em; }
@page { margin: 22mm 20mm 24mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; }
  .comment { background: none; }
  a { color: inherit; }
}
`;

/**
 * Page numbers as CSS margin boxes, laid out with the pages: Chromium's header and footer
 * templates render a separate document for every page, which took about 3 of the 8 seconds of
 * a 170-page print.
 */
export const PAGE_NUMBERS_CSS = `@page { @bottom-center {
  content: counter(page) " / " counter(pages);
  font-size: 9px; color: #555; font-family: 'Liberation Serif', 'Times New Roman', serif; } }`;
