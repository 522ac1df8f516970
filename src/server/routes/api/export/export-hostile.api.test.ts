import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertWorks } from '../../../literature/store/work-store';
import { hostilePapers } from '../../../export/testing/hostile-papers';
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
const SECRET = 'LEAKEDSECRETCONTENT';

/** The export fuzz corpus (`hostile-papers.ts`), every paper in every format. */
describe.each(kinds)('hostile papers exported on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-export-hostile-'));
  const secretPath = path.join(dir, 'secret.tex');
  writeFileSync(secretPath, `${SECRET}\n`);
  const papers = hostilePapers(secretPath);
  const paperIds = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice');
    for (const hostile of papers) {
      const created = await alice.post('/api/papers', {
        type: 'scientific',
        title: `Hostile \\input{${secretPath}}`,
      });
      const id = (created.body as unknown as { id: string }).id;
      // The library may give a work another refId: cite each by the one it stored.
      const stored = await upsertWorks(server.context.database.db, hostile.works, 'test');
      const storedId = new Map(
        hostile.works.map((work, index) => [work.refId, stored[index]?.refId]),
      );
      const content = hostile.markdown.replace(
        /ref_[0-9a-z]{8}/g,
        (refId) => storedId.get(refId) ?? refId,
      );
      const saved = await alice.put(`/api/papers/${id}`, { content, citations: stored });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      paperIds.set(hostile.name, id);
    }
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function exported(route: ExportRoute, paperId: string, name: string): Promise<string> {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: alice.cookieHeader(),
      },
      body: JSON.stringify({ paperId, includeAbstracts: true }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status, bytes.toString('utf8', 0, 500)).toBe(200);
    const file = path.join(dir, `${name}${EXPORT_EXTENSIONS[route]}`);
    writeFileSync(file, bytes);
    return file;
  }

  const cases = EXPORT_ROUTES.flatMap((route) =>
    papers.map((paper, index) => [route, paper.name, index] as const),
  );

  it.each(cases)(
    '%s: %s exports a valid file that shows the paper and reads nothing',
    async (route, name, index) => {
      const hostile = papers[index];
      if (!hostile) throw new Error(`no paper ${name}`);
      const file = await exported(route, paperIds.get(name) as string, `paper-${index}`);
      const { text, texDir } = await readBackExport(route, file);

      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/root:x:0:0/);
      const flat = text.replace(/\s+/g, ' ');
      for (const shown of hostile.shows) expect(flat).toContain(shown);

      if (texDir !== undefined) {
        // What TeX opened is in its log; nothing may be written beside the document.
        expect(readFileSync(path.join(texDir, 'document.log'), 'utf8')).not.toContain(
          `(${secretPath}`,
        );
        expect(existsSync(path.join(texDir, 'leak.tex'))).toBe(false);
      }
      if (route === '/api/html-word') {
        const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
        expect(XMLValidator.validate(xml)).toBe(true);
        for (const never of hostile.wordXml?.never ?? []) expect(xml).not.toContain(never);
        for (const shown of hostile.wordXml?.shows ?? []) expect(xml).toContain(shown);
      }
    },
    600_000,
  );
});
