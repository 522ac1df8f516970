import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLiteratureFile } from '../../literature/corpus/import-literature-file';
import { testDatabaseKinds } from '../../testing/test-databases';
import { startTestServer, type TestServer } from '../../testing/test-server';

const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../literature/testing/mini-corpus.jsonl',
);
const kinds = await testDatabaseKinds();

describe.each(kinds)('GET /api/capabilities on %s', (kind) => {
  let library: TestServer;
  let catalogue: TestServer;

  beforeAll(async () => {
    library = await startTestServer(kind, { LITERATURE_SOURCES: 'local,crossref' });
    catalogue = await startTestServer(kind, { LITERATURE_SOURCES: 'local,openalex' });
    await importLiteratureFile(library.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  });
  afterAll(async () => {
    await library?.close();
    await catalogue?.close();
  });

  it("answers a visitor with the library's real count and the catalogues it asks", async () => {
    const answer = await library.client().get('/api/capabilities');
    expect(answer.status).toBe(200);
    const status = await (await library.signedInClient()).get('/api/literature/status');
    expect(answer.body.library).toEqual({
      works: status.body.works,
      catalogues: ['Crossref'],
      catalogueScale: false,
    });
    expect((answer.body.library as { works: number }).works).toBeGreaterThan(0);
    expect(typeof answer.body.dataAnalysis).toBe('boolean');
  });

  it('says when a catalogue of the spec’s 130M+ abstracts is searched', async () => {
    const answer = await catalogue.client().get('/api/capabilities');
    expect(answer.body.library).toEqual({
      works: 0,
      catalogues: ['OpenAlex'],
      catalogueScale: true,
    });
  });
});
