import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const kinds = await testDatabaseKinds();

describe.each(kinds)('loading the bundled corpus on first start on %s', (kind) => {
  let server: TestServer;
  const corpusDir = mkdtempSync(path.join(tmpdir(), 'scriptor-corpus-'));

  beforeAll(async () => {
    copyFileSync(
      path.join(HERE, '../../../literature/testing/mini-corpus.jsonl'),
      path.join(corpusDir, 'mini.jsonl'),
    );
    // A corrupt line in the middle: counted as skipped, the lines around it still load.
    const [first, second] = readFileSync(
      path.join(HERE, '../../../literature/formats/fixtures/beir-scifact.jsonl'),
      'utf8',
    ).split('\n');
    writeFileSync(
      path.join(corpusDir, 'scifact.jsonl'),
      `${first}\n{"_id": "broken", "title\n${second}\n`,
    );
    server = await startTestServer(kind, { CORPUS_AUTOLOAD: 'on', CORPUS_DIR: corpusDir });
  });
  afterAll(() => server.close());

  it('fills the works store in the background, reports progress, and makes it searchable', async () => {
    const client = await server.signedInClient();
    let status: Record<string, unknown> = {};
    for (let i = 0; i < 300; i += 1) {
      status = (await client.get('/api/literature/status')).body;
      if ((status.corpus as { status?: string } | null)?.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toMatchObject({
      works: 38,
      corpus: {
        status: 'completed',
        progress: { percentComplete: 100 },
        result: { imported: 38, skipped: 1, works: 38, resumedAt: 0 },
      },
    });
    const search = await client.post('/api/search', { q: 'spiking neurons', documentTypes: {} });
    expect((search.body.results as unknown[]).length).toBeGreaterThan(0);
  });
});
