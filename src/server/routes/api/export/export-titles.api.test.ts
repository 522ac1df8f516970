import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertWorks } from '../../../literature/store/work-store';
import { FIXTURE_WORKS } from '../../../export/testing/fixture-paper';
import {
  EXPORT_EXTENSIONS,
  EXPORT_ROUTES,
  readBackExport,
  type ExportRoute,
} from '../../../export/testing/read-back';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();
const TITLE = 'Sleep and Memory in Infants';

/** Issue 17.9: a paper whose sections are level-1 headings, with its own References heading. */
function sectionedPaper(refId: string): string {
  return `# Introduction

Sleep consolidates memory [${refId}].

# Methods

## Participants

Forty infants took part.

## References

[x${refId}] LeCun, Y. (2015). Deep learning.`;
}

/** Issue 17.9: a References heading closes the paper, with no list under it yet. */
function emptyReferencesPaper(refId: string): string {
  return `# Introduction

Sleep consolidates memory [${refId}].

# References`;
}

describe.each(kinds)('export titles and reference lists on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let paperId: string;
  let emptyReferencesId: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-export-titles-'));

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice');
    const [work] = await upsertWorks(server.context.database.db, FIXTURE_WORKS.slice(0, 1), 'test');
    if (!work) throw new Error('work not stored');
    const created = await alice.post('/api/papers', { type: 'scientific', title: TITLE });
    paperId = (created.body as unknown as { id: string }).id;
    const saved = await alice.put(`/api/papers/${paperId}`, {
      content: sectionedPaper(work.refId),
      citations: [work],
    });
    expect(saved.status).toBe(200);
    const second = await alice.post('/api/papers', { type: 'scientific', title: TITLE });
    emptyReferencesId = (second.body as unknown as { id: string }).id;
    const savedSecond = await alice.put(`/api/papers/${emptyReferencesId}`, {
      content: emptyReferencesPaper(work.refId),
      citations: [work],
    });
    expect(savedSecond.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function exported(route: ExportRoute, id = paperId): Promise<string> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: alice.cookieHeader(),
      },
      body: JSON.stringify({ paperId: id }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status, bytes.toString('utf8', 0, 500)).toBe(200);
    const file = path.join(dir, `${kind}-${id}${EXPORT_EXTENSIONS[route]}`);
    writeFileSync(file, bytes);
    return file;
  }

  it.each(EXPORT_ROUTES)(
    '%s starts with the paper title and prints one reference list',
    async (route) => {
      const file = await exported(route);
      const { text } = await readBackExport(route, file);
      const lines = text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      expect(lines[0]).toBe(TITLE);
      const flat = lines.join(' ');
      expect(flat).toContain('Introduction');
      expect(flat).toContain('Forty infants took part.');
      if (route !== '/api/html-word') {
        expect(flat.match(/References/g)).toHaveLength(1);
        expect(flat.match(/Deep learning/g)).toHaveLength(1);
      } else {
        // LibreOffice fills in the table of contents, which names every heading again: count
        // the document's own text runs.
        const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
        expect(xml.match(/>References</g)).toHaveLength(1);
        expect(xml.match(/Deep learning/g)).toHaveLength(1);
        // The title in Word's Title style, the paper's level-1 headings as Heading 1.
        expect(xml).toMatch(new RegExp(`<w:pStyle w:val="Title"/>.*?${TITLE}`));
        expect(xml.match(/<w:pStyle w:val="Title"\/>/g)).toHaveLength(1);
        expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>(?:(?!<\/w:p>).)*Introduction/);
      }
    },
    600_000,
  );

  it.each(EXPORT_ROUTES)(
    "%s puts the generated list under the paper's empty References heading",
    async (route) => {
      const file = await exported(route, emptyReferencesId);
      const { text } = await readBackExport(route, file);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Sleep consolidates memory');
      expect(flat).toMatch(/References.*Deep learning/);
      if (route !== '/api/html-word') {
        expect(flat.match(/References/g)).toHaveLength(1);
      } else {
        const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
        // The table of contents names the level-1 heading again: count the headings themselves.
        const headings = xml.match(/<w:pStyle w:val="Heading\d"\/>(?:(?!<\/w:p>).)*>References</g);
        expect(headings).toHaveLength(1);
        expect(xml.match(/Deep learning/g)).toHaveLength(1);
      }
    },
    600_000,
  );
});
