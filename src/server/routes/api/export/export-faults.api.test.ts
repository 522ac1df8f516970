import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Work } from '../../../../shared/citations/work';
import { upsertWorks } from '../../../literature/store/work-store';
import { longPaper } from '../../../export/testing/long-paper';
import {
  EXPORT_EXTENSIONS,
  EXPORT_ROUTES,
  readBackExport,
  type ExportRoute,
} from '../../../export/testing/read-back';
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

  async function exported(route: ExportRoute, paperId: string, name: string) {
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

  const flat = (text: string) => text.replace(/\s+/g, ' ');
  // LaTeX and PDF break a long address across lines; compare without any white space.
  const bare = (text: string) => text.replace(/\s+/g, '');

  it.each(EXPORT_ROUTES)(
    '%s shows a placeholder at each broken spot',
    async (route) => {
      const id = await paper('Broken things', FAULTS);
      const text = (
        await readBackExport(route, await exported(route, id, `faults${EXPORT_EXTENSIONS[route]}`))
      ).text;
      for (const placeholder of PLACEHOLDERS) expect(bare(text)).toContain(bare(placeholder));
      // Every format marks the diagram Mermaid cannot read; LaTeX frames it with its source.
      expect(flat(text)).toContain('[Mermaid Error]');
      if (route === '/api/html-latex') expect(flat(text)).toContain('this is not a diagram');
    },
    600_000,
  );

  it.each(EXPORT_ROUTES)(
    '%s exports an empty paper as a valid file showing its title',
    async (route) => {
      const id = await paper('An empty paper', '');
      const text = (
        await readBackExport(route, await exported(route, id, `empty${EXPORT_EXTENSIONS[route]}`))
      ).text;
      expect(flat(text)).toContain('An empty paper');
    },
    600_000,
  );

  it.each(EXPORT_ROUTES)(
    '%s exports a 300-page paper',
    async (route) => {
      const { markdown, works } = longPaper(300);
      const stored = await upsertWorks(server.context.database.db, works, 'test');
      // The library may give a work another refId: cite each by the one it stored.
      const storedId = new Map(works.map((work, index) => [work.refId, stored[index]?.refId]));
      const content = markdown.replace(/ref_[0-9a-z]{8}/g, (refId) => storedId.get(refId) ?? refId);
      const id = await paper('A long paper', content, stored);
      const file = await exported(route, id, `long${EXPORT_EXTENSIONS[route]}`);
      const { text } = await readBackExport(route, file, { singlePass: true });
      expect(flat(text)).toContain('Section 40');
      expect(text).not.toContain('Missing reference');
    },
    1_200_000,
  );
});
