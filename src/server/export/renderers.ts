/**
 * Everything an export renders with (citation styles, KaTeX, docx, LaTeX, Playwright), as one
 * module the export routes import on first use: a server start does not load them.
 */
export { renderDiagramImages } from './chromium/diagram-images';
export { renderDocx } from './docx/render-docx';
export { buildExportPaper } from './export-paper';
export { exportHtml } from './html/export-html';
export { latexDownload } from './latex/latex-download';
export { renderLatex } from './latex/render-latex';
export { exportHtmlAsPdf, exportPdf } from './pdf/export-pdf';
