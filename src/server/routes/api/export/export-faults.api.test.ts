import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Work } from '../../../../shared/citations/work';
import { upsertWorks } from '../../../literature/store/work-store';
import { longPaper } from '../../../export/testing/long-paper';
import type { TestClient } from '../../../testing/test-client';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const REMOTE_IMAGE = 'https://images.example.org/figure.png';
// A data URL that names PNG but holds text: an embedded image that would not load.
const DAMAGED_IMAGE = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;

const FAULTS = `## Faults

![Remote figure](${REMOTE_IMAGE})

![Damaged figure](${DAMAGED_IMAGE})

$$\\frac{1}{$$

\`\`\`mermaid
this is not a diagram %%%
\`\`\`

An unknown work is cited here [ref_zzzz9999].`;

/** What each broken spot must show in every format's text. */
const PLACEHOLDERS = [
  `[Image not included: ${REMOTE_IMAGE}]`,
  `[Image not included: ${DAMAGED_IMAGE}]`,
  '[Equation error: \\frac{1}{]',
  '[Missing reference: ref_zzzz9999]',
];

// Asynchronous, so that the event loop sees the server close idle connections while a long
// compile runs (a blocked loop reuses a dead socket for the next request: ECONNRESET).
const run = promisify(execFile);
const output = async (command: string, args: string[], cwd?: string) =>
  (await run(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 900_000 }))
    .stdout;

const ROUTES = ['/api/html-pdf', '/api/html-word', '/api/html-latex', '/api/export-html'] as const;
type Route = (typeof ROUTES)[number];

// The faults are in rendering, not storage: one database is enough.
describe('export of broken and extreme papers', () => {
  let server: TestServer;
  let alice: TestClient;
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-export-faults-'));

  beforeAll(async () => {
    server = await startTestServer('pglite');
    alice = await server.signedInClient('Alice');
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function paper(title: string, content: string, citations: Work[] = []) {
    const created = await alice.post('/api/papers', { type: 'scientific', title });
    const id = (created.body as unknown as { id: string }).id;
    const saved = await alice.put(`/api/papers/${id}`, { content, citations });
    expect(saved.status).toBe(200);
    return id;
  }

  async function exported(route: Route, paperId: string, name: string) {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: alice.cookieHeader(),
      },
      body: JSON.stringify({ paperId }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status, bytes.toString('utf8', 0, 500)).toBe(200);
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  }

  /** The text a reader sees in each format, each file checked to be valid on the way. */
  const readBack: Record<Route, (file: string) => Promise<string>> = {
    '/api/html-pdf': async (file) => {
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await output('pdfinfo', [file])).toMatch(/Pages:\s+[1-9]/);
      return output('pdftotext', [file, '-']);
    },
    '/api/html-word': async (file) => {
      // LibreOffice reading the file back is the check that Word would open it.
      const profile = path.join(dir, 'lo-profile');
      await output('soffice', [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'txt:Text',
        '--outdir',
        path.dirname(file),
        file,
      ]);
      return readFileSync(file.replace(/\.docx$/, '.txt'), 'utf8');
    },
    '/api/html-latex': async (file) => {
      const texDir = mkdtempSync(path.join(dir, 'tex-'));
      writeFileSync(path.join(texDir, 'document.tex'), readFileSync(file));
      await output(
        'latexmk',
        ['-pdf', '-interaction=nonstopmode', '-halt-on-error', 'document.tex'],
        texDir,
      );
      return output('pdftotext', [path.join(texDir, 'document.pdf'), '-']);
    },
    '/api/export-html': async (file) => {
      const html = readFileSync(file, 'utf8');
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain('</html>');
      return html
        .replace(/<style>[\s\S]*?<\/style>/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&');
    },
  };

  const flat = (text: string) => text.replace(/\s+/g, ' ');
  // LaTeX and PDF break a long address across lines; compare without any white space.
  const bare = (text: string) => text.replace(/\s+/g, '');

  it.each(ROUTES)(
    '%s shows a placeholder at each broken spot',
    async (route) => {
      const id = await paper('Broken things', FAULTS);
      const text = await readBack[route](await exported(route, id, `faults${ext(route)}`));
      for (const placeholder of PLACEHOLDERS) expect(bare(text)).toContain(bare(placeholder));
      // LaTeX frames every diagram with its source (a .tex holds no Mermaid renderer); the
      // other formats mark the one Mermaid cannot read.
      expect(flat(text)).toContain(
        route === '/api/html-latex' ? 'this is not a diagram' : '[Mermaid Error]',
      );
    },
    600_000,
  );

  it.each(ROUTES)(
    '%s exports an empty paper as a valid file showing its title',
    async (route) => {
      const id = await paper('An empty paper', '');
      const text = await readBack[route](await exported(route, id, `empty${ext(route)}`));
      expect(flat(text)).toContain('An empty paper');
    },
    600_000,
  );

  it.each(ROUTES)(
    '%s exports a 300-page paper',
    async (route) => {
      const { markdown, works } = longPaper(300);
      const stored = await upsertWorks(server.context.database.db, works, 'test');
      // The library may give a work another refId: cite each by the one it stored.
      const storedId = new Map(works.map((work, index) => [work.refId, stored[index]?.refId]));
      const content = markdown.replace(/ref_[0-9a-z]{8}/g, (refId) => storedId.get(refId) ?? refId);
      const id = await paper('A long paper', content, stored);
      const text = await readBack[route](await exported(route, id, `long${ext(route)}`));
      expect(flat(text)).toContain('Section 40');
      expect(text).not.toContain('Missing reference');
    },
    1_200_000,
  );
});

function ext(route: Route): string {
  return {
    '/api/html-pdf': '.pdf',
    '/api/html-word': '.docx',
    '/api/html-latex': '.tex',
    '/api/export-html': '.html',
  }[route];
}
