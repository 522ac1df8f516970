import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

export const EXPORT_ROUTES = [
  '/api/html-pdf',
  '/api/html-word',
  '/api/html-latex',
  '/api/export-html',
] as const;
export type ExportRoute = (typeof EXPORT_ROUTES)[number];

export const EXPORT_EXTENSIONS: Record<ExportRoute, string> = {
  '/api/html-pdf': '.pdf',
  '/api/html-word': '.docx',
  '/api/html-latex': '.tex',
  '/api/export-html': '.html',
};

// Asynchronous, so that the event loop sees the server close idle connections while a long
// compile runs (a blocked loop reuses a dead socket for the next request: ECONNRESET).
const run = promisify(execFile);
export const output = async (command: string, args: string[], cwd?: string) =>
  (await run(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 900_000 }))
    .stdout;

/**
 * The text a reader sees in an exported file, the file checked to be valid on the way: the PDF
 * read by pdftotext, the DOCX opened by LibreOffice, the .tex compiled by latexmk (in a folder
 * of its own next to the file: `texDir` in the answer), the HTML without its markup. With
 * `singlePass`, the .tex is compiled by one pdflatex pass: the check that it compiles, for papers
 * so long that latexmk's passes (until the cross-references settle) would take many minutes.
 */
export async function readBackExport(
  route: ExportRoute,
  file: string,
  { singlePass = false }: { singlePass?: boolean } = {},
): Promise<{ text: string; texDir?: string }> {
  const dir = path.dirname(file);
  switch (route) {
    case '/api/html-pdf': {
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await output('pdfinfo', [file])).toMatch(/Pages:\s+[1-9]/);
      return { text: await output('pdftotext', [file, '-']) };
    }
    case '/api/html-word': {
      // LibreOffice reading the file back is the check that Word would open it.
      const profile = path.join(dir, 'lo-profile');
      await output('soffice', [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'txt:Text',
        '--outdir',
        dir,
        file,
      ]);
      return { text: readFileSync(file.replace(/\.docx$/, '.txt'), 'utf8') };
    }
    case '/api/html-latex': {
      const texDir = mkdtempSync(path.join(dir, 'tex-'));
      // With drawn diagrams the export is document.zip: document.tex and its figures/.
      const bytes = readFileSync(file);
      if (bytes.subarray(0, 2).toString('latin1') === 'PK') {
        await output('unzip', ['-q', file, '-d', texDir]);
      } else writeFileSync(path.join(texDir, 'document.tex'), bytes);
      const flags = ['-interaction=nonstopmode', '-halt-on-error', 'document.tex'];
      if (singlePass) await output('pdflatex', flags, texDir);
      else await output('latexmk', ['-pdf', ...flags], texDir);
      return { text: await output('pdftotext', [path.join(texDir, 'document.pdf'), '-']), texDir };
    }
    case '/api/export-html': {
      const html = readFileSync(file, 'utf8');
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('</html>');
      const text = html
        // The text of the page, not of its head (the <title> would pass for a printed title).
        .replace(/<head>[\s\S]*?<\/head>/, '')
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&');
      return { text };
    }
  }
}
