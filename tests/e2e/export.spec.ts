import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { screenshot } from './helpers';
import {
  createPaper,
  expect,
  importReferences,
  openPaper,
  test,
  updatePaper,
} from './editor-helpers';

const BIBTEX = `
@article{lecun2015, author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey}, title = {Deep learning}, journal = {Nature}, year = {2015}, volume = {521}, pages = {436--444}}
@article{smith2020, author = {Smith, Jane}, title = {Stories and emotion}, journal = {Journal of Narrative}, year = {2020}}
`;

const CONTENT = `## Introduction

Deep networks learn layered features [ref_lecun001; ref_smith002].

## Methods

$$
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
$$

Stories shape emotion [ref_smith002].`;

interface Format {
  item: string;
  busy: string;
  route: string;
  fileName: string;
}

const FORMATS: Record<'pdf' | 'word' | 'latex' | 'html', Format> = {
  pdf: {
    item: 'Export as PDF',
    busy: 'Exporting PDF...',
    route: '/api/html-pdf',
    fileName: 'document.pdf',
  },
  word: {
    item: 'Export as Word',
    busy: 'Exporting Word...',
    route: '/api/html-word',
    fileName: 'document.docx',
  },
  latex: {
    item: 'Export as LaTeX',
    busy: 'Exporting LaTeX...',
    route: '/api/html-latex',
    fileName: 'document.tex',
  },
  html: {
    item: 'Export as HTML',
    busy: 'Exporting HTML...',
    route: '/api/export-html',
    fileName: 'document.html',
  },
};

function exportMenu(page: Page) {
  return page.getByRole('menu');
}

/**
 * Chooses one format in the open menu and answers its download. The export request is held
 * until the busy label has been seen, so a fast export cannot hide it.
 */
async function exportAs(page: Page, format: Format): Promise<{ download: Download; file: string }> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const route = `**${format.route}`;
  await page.route(route, async (request) => {
    await held;
    await request.continue();
  });
  const downloaded = page.waitForEvent('download', { timeout: 120_000 });
  await exportMenu(page).getByRole('menuitem', { name: format.item }).click();
  const busyItem = exportMenu(page).getByRole('menuitem', { name: format.busy });
  await expect(busyItem).toBeVisible();
  await expect(busyItem).toBeDisabled();
  release();
  const download = await downloaded;
  await page.unroute(route);
  await expect(exportMenu(page).getByRole('menuitem', { name: format.item })).toBeEnabled();
  expect(await download.failure()).toBeNull();
  return { download, file: await download.path() };
}

test('exports a cited paper as PDF, Word, LaTeX and HTML in the chosen citation style', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const paper = await createPaper(page, 'Learning Representations');
  const works = await importReferences(page, paper.id, BIBTEX);
  const lecun = works.get('Deep learning')?.refId ?? 'ref_missing0';
  const smith = works.get('Stories and emotion')?.refId ?? 'ref_missing0';
  await updatePaper(page, paper.id, {
    content: CONTENT.replaceAll('ref_lecun001', lecun).replaceAll('ref_smith002', smith),
  });
  await openPaper(page, 'Learning Representations');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = exportMenu(page);
  await expect(
    menu.getByRole('menuitemcheckbox', { name: 'Include cited abstracts' }),
  ).not.toBeChecked();
  const styleSaved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && response.url().endsWith('/citation-style'),
  );
  await menu.getByRole('menuitemradio', { name: 'Harvard (Cite Them Right)' }).click();
  await expect(
    menu.getByRole('menuitemradio', { name: 'Harvard (Cite Them Right)' }),
  ).toBeChecked();
  expect((await styleSaved).ok()).toBe(true);
  await screenshot(page, 'export-menu');

  const pdf = await exportAs(page, FORMATS.pdf);
  expect(pdf.download.suggestedFilename()).toBe('document.pdf');
  expect(readFileSync(pdf.file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdfText = execFileSync('pdftotext', [pdf.file, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain('1 Introduction');
  expect(pdfText).toContain('Reference list');

  const word = await exportAs(page, FORMATS.word);
  expect(word.download.suggestedFilename()).toBe('document.docx');
  expect(readFileSync(word.file).subarray(0, 2).toString('latin1')).toBe('PK');
  const documentXml = execFileSync('unzip', ['-p', word.file, 'word/document.xml'], {
    encoding: 'utf8',
  });
  expect(documentXml).toContain('Introduction');
  expect(documentXml).toMatch(/<w:pStyle w:val="Heading\d"\/>/);

  const latex = await exportAs(page, FORMATS.latex);
  expect(latex.download.suggestedFilename()).toBe('document.tex');
  const tex = readFileSync(latex.file, 'utf8');
  expect(tex).toContain('\\section{Introduction}');
  // Harvard maps to biblatex's author-year style.
  expect(tex).toContain('style=authoryear');

  const html = await exportAs(page, FORMATS.html);
  expect(html.download.suggestedFilename()).toBe('document.html');
  const markup = readFileSync(html.file, 'utf8');
  expect(markup).toMatch(/<h2[^>]*>.*Introduction<\/h2>/);
  const text = markup.replace(/<[^>]+>/g, '');
  // Cite Them Right names up to three authors with 'and' and puts a comma before the year.
  expect(text).toContain('(LeCun, Bengio and Hinton, 2015; Smith, 2020)');
  expect(text).toContain('(Smith, 2020)');
  expect(markup).not.toContain('<script');
});

test('a failed export says so without blocking the editor', async ({ page }) => {
  await createPaper(page, 'Failing export', '## Only heading');
  await openPaper(page, 'Failing export');
  await page.route('**/api/html-word', (route) =>
    route.fulfill({ status: 503, json: { error: 'Chromium could not be started' } }),
  );
  const failure = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes('Failed to convert HTML'),
  );
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await exportMenu(page).getByRole('menuitem', { name: 'Export as Word' }).click();
  await failure;
  await expect(page.getByRole('alert').filter({ hasText: 'Export failed' })).toContainText(
    'Chromium could not be started',
  );
  await expect(exportMenu(page).getByRole('menuitem', { name: 'Export as Word' })).toBeEnabled();
});

test('LaTeX of a paper with a diagram downloads as a zip whose .tex compiles with the drawn figure', async ({
  page,
}) => {
  // Issue 33 item 13: LaTeX showed a box 'Mermaid diagram (render it from the source below)'.
  test.setTimeout(300_000);
  await createPaper(
    page,
    'Pipeline diagram paper',
    '## Pipeline\n\nThe data flow.\n\n```mermaid\ngraph TD\n  A[Data] --> B[Model]\n```\n\nAfter the figure.',
  );
  await openPaper(page, 'Pipeline diagram paper');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const latex = await exportAs(page, FORMATS.latex);
  expect(latex.download.suggestedFilename()).toBe('document.zip');
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-latex-'));
  execFileSync('unzip', ['-q', latex.file, '-d', dir]);
  const tex = readFileSync(path.join(dir, 'document.tex'), 'utf8');
  expect(tex).toContain('{figures/diagram-1.png}');
  expect(tex).not.toContain('render it from the source');
  execFileSync('latexmk', ['-pdf', '-interaction=nonstopmode', '-halt-on-error', 'document.tex'], {
    cwd: dir,
    timeout: 240_000,
    stdio: 'ignore',
  });
  const pdf = path.join(dir, 'document.pdf');
  expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain(
    'After the figure.',
  );
  // One picture on the page: the diagram.
  const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n');
  expect(images.slice(2)).toHaveLength(1);
});
