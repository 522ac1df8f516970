import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Work } from '../../../../shared/citations/work';
import { upsertWorks } from '../../../literature/store/work-store';
import { FIXTURE_WORKS, fixtureMarkdown } from '../../../export/testing/fixture-paper';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();

describe.each(kinds)('export API on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let paperId: string;
  let works: Work[];
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-export-'));

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
    works = await upsertWorks(server.context.database.db, FIXTURE_WORKS, 'test');
    const created = await alice.post('/api/papers', {
      type: 'scientific',
      title: 'Learning Representations',
    });
    paperId = (created.body as unknown as { id: string }).id;
    const saved = await alice.put(`/api/papers/${paperId}`, {
      content: fixtureMarkdown(works),
      citations: works,
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function download(client: TestClient, route: string, body: unknown) {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: client.cookieHeader(),
      },
      body: JSON.stringify(body),
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  function saved(name: string, bytes: Buffer): string {
    const file = path.join(dir, `${kind}-${name}`);
    writeFileSync(file, bytes);
    return file;
  }

  it('prints a PDF with the text, an outline, citation links and page numbers', async () => {
    const { response, bytes } = await download(alice, '/api/html-pdf', {
      paperId,
      includeAbstracts: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('document.pdf');
    const file = saved('document.pdf', bytes);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Learning Representations');
    expect(text).toContain('1 Introduction');
    // APA orders the works of one citation alphabetically (APA 7 §8.12).
    expect(text).toContain('(Grady et al., 2019; LeCun et al., 2015)');
    expect(text).toContain('[Equation error: \\frac{1}{]');
    expect(text).toContain('[Mermaid Error]');
    expect(text).toContain('[Missing reference: ref_zzzz9999]');
    // The excerpt of the one work with an abstract, cut at a sentence within 300 characters.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Deep learning allows computational models that are composed of multiple processing layers',
    );
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThan(0);
    // Every page is numbered 'n / pages' at its foot.
    for (let number = 1; number <= pages; number++) {
      expect(text).toMatch(new RegExp(`(^|\\s)${number} ?/ ?${pages}(\\s|$)`));
    }
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/Outlines');
    // Citations are internal links (GoTo destinations), not only text.
    expect(raw).toMatch(/\/Dest|\/S \/GoTo/);
  });

  it('writes a Word document that LibreOffice opens, with headings, equations, a table and comments', async () => {
    const { response, bytes } = await download(alice, '/api/html-word', { paperId });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('document.docx');
    const file = saved('document.docx', bytes);
    const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
    expect(xml).toContain('<w:pStyle w:val="Heading2"/>');
    expect(xml).toContain('<m:oMath');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('<w:commentRangeStart');
    expect(xml).toMatch(/<w:hyperlink[^>]* w:anchor="xref_[a-z0-9]{8}"/);
    expect(xml).toMatch(/<w:bookmarkStart w:name="xref_[a-z0-9]{8}"/);
    const comments = execFileSync('unzip', ['-p', file, 'word/comments.xml'], { encoding: 'utf8' });
    expect(comments).toContain('Check this claim');
    const profile = path.join(dir, `lo-${kind}`);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'txt:Text',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    const text = execFileSync('cat', [file.replace(/\.docx$/, '.txt')], { encoding: 'utf8' });
    expect(text).toContain('Stories shape emotion (Grady et al., 2019)');
  });

  it('writes Word equations that LibreOffice draws, as Word does', async () => {
    // Issue 33 item 13: the equations showed nothing in LibreOffice 7.4 (it drops OMML unless its
    // equation editor, libreoffice-math, is installed: .ci/run installs it).
    const { bytes } = await download(alice, '/api/html-word', { paperId });
    const file = saved('equations.docx', bytes);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, `lo-math-${kind}`)}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    const text = execFileSync('pdftotext', [file.replace(/\.docx$/, '.pdf'), '-'], {
      encoding: 'utf8',
    });
    // The display equation's integral and the equations in the table's cells.
    expect(text).toContain('∫');
    expect(text).toContain('0.036');
    expect(text).toContain('0.15');
  });

  it('writes LaTeX that compiles with latexmk and biber as it is, excerpts under the entries, diagrams as figures', async () => {
    const { response, bytes } = await download(alice, '/api/html-latex', {
      paperId,
      includeAbstracts: true,
    });
    expect(response.status).toBe(200);
    // The paper has a drawn diagram: document.tex travels with its figure in document.zip.
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('document.zip');
    const texDir = mkdtempSync(path.join(dir, 'tex-'));
    execFileSync('unzip', ['-q', saved('document.zip', bytes), '-d', texDir]);
    const tex = readFileSync(path.join(texDir, 'document.tex'), 'utf8');
    expect(tex).toContain('\\includegraphics[width=');
    expect(tex).toContain('{figures/diagram-1.png}');
    expect(tex).not.toContain('render it from the source');
    // The diagram Mermaid cannot read stays a placeholder with its source.
    expect(tex).toContain('[Mermaid Error]');
    expect(
      readFileSync(path.join(texDir, 'figures', 'diagram-1.png'))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(tex).toContain('\\begin{filecontents*}[overwrite]{\\jobname.bib}');
    expect(tex).toMatch(/\\autocite\{lecun2015deep,grady2019emotions\}/);
    expect(tex).toContain('\\int_0^1 x^2');
    execFileSync(
      'latexmk',
      ['-pdf', '-interaction=nonstopmode', '-halt-on-error', 'document.tex'],
      {
        cwd: texDir,
        timeout: 240_000,
        stdio: 'ignore',
      },
    );
    const text = execFileSync('pdftotext', [path.join(texDir, 'document.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Learning Representations');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('LeCun, Y., Bengio, Y., & Hinton, G. (2015)');
    // The excerpt prints once, after the entry it belongs to.
    const excerpt = 'Deep learning allows computational models that are composed of multiple';
    expect(flat.split(excerpt)).toHaveLength(2);
    expect(flat.indexOf(excerpt)).toBeGreaterThan(flat.indexOf('LeCun, Y., Bengio, Y.'));
    // The compiled PDF draws the diagram: its figure is an image on the page.
    const images = execFileSync('pdfimages', ['-list', path.join(texDir, 'document.pdf')], {
      encoding: 'utf8',
    });
    expect(images.trim().split('\n').length).toBeGreaterThan(2);
  });

  it('writes a standalone HTML file with MathML, inline SVG diagrams and working citation links', async () => {
    const { response, bytes } = await download(alice, '/api/export-html', { paperId });
    expect(response.status).toBe(200);
    const html = bytes.toString('utf8');
    expect(html).toContain('<math');
    expect(html).toContain('<svg');
    expect(html).not.toContain('<script');
    const anchors = [...html.matchAll(/href="#(xref_[a-z0-9]{8})"/g)].map((match) => match[1]);
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) expect(html).toContain(`id="${anchor}"`);
  });

  it('writes HTML that Chromium shows with no console error and no network request', async () => {
    const { bytes } = await download(alice, '/api/export-html', { paperId });
    const browser = await chromium.launch({
      executablePath: server.context.config.export.chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('request', (request) => requests.push(request.url()));
      await page.setContent(bytes.toString('utf8'), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The page is all there: the math, the drawn diagram and the embedded image.
      expect(await page.locator('math').count()).toBeGreaterThan(0);
      expect(await page.locator('svg').count()).toBeGreaterThan(0);
      expect(
        await page
          .locator('img')
          .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
      ).toEqual([1]);
      expect(problems).toEqual([]);
      // Embedded data (the image) is no request; anything else would be a fetch.
      expect(requests.filter((url) => !url.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('numbers citations in a numeric style chosen for the paper', async () => {
    const chosen = await alice.put(`/api/papers/${paperId}/citation-style`, {
      citationStyle: 'ieee',
    });
    expect(chosen.status).toBe(200);
    const { bytes } = await download(alice, '/api/export-html', { paperId });
    const html = bytes.toString('utf8');
    expect(html).toMatch(
      /<a href="#xref_[a-z0-9]{8}">\[1\]<\/a>, <a href="#xref_[a-z0-9]{8}">\[2\]<\/a>/,
    );
    expect(html).toContain('<span class="reference-label">[1]</span>');
    const refused = await alice.put(`/api/papers/${paperId}/citation-style`, {
      citationStyle: 'comic-sans',
    });
    expect(refused.status).toBe(400);
    await alice.put(`/api/papers/${paperId}/citation-style`, { citationStyle: 'apa' });
  });

  it('prints HTML from other callers without running its scripts', async () => {
    const { response, bytes } = await download(alice, '/api/html-pdf', {
      html: '<h1>Chat</h1><p>Answer</p><script>document.body.innerHTML="pwned"</script><img src=x onerror="document.body.innerHTML=\'pwned\'">',
    });
    expect(response.status).toBe(200);
    const text = execFileSync('pdftotext', [saved('chat.pdf', bytes), '-'], { encoding: 'utf8' });
    expect(text).toContain('Answer');
    expect(text).not.toContain('pwned');
  });

  it('exports an empty paper as a valid file', async () => {
    const created = await alice.post('/api/papers', { type: 'scientific', title: 'Empty' });
    const id = (created.body as unknown as { id: string }).id;
    for (const route of [
      '/api/html-pdf',
      '/api/html-word',
      '/api/html-latex',
      '/api/export-html',
    ]) {
      const { response, bytes } = await download(alice, route, { paperId: id });
      expect(response.status).toBe(200);
      expect(bytes.length).toBeGreaterThan(0);
    }
  });

  it("answers 404 for another user's paper on every format", async () => {
    for (const route of [
      '/api/html-pdf',
      '/api/html-word',
      '/api/html-latex',
      '/api/export-html',
    ]) {
      const { response } = await download(bob, route, { paperId });
      expect(response.status).toBe(404);
    }
    const style = await bob.put(`/api/papers/${paperId}/citation-style`, { citationStyle: 'ieee' });
    expect(style.status).toBe(404);
  });
});
