import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { works } from '../../db/schema';
import { importLiteratureFile } from '../corpus/import-literature-file';
import type { TestClient } from '../../testing/test-client';
import { testDatabaseKinds } from '../../testing/test-databases';
import { startTestServer, type TestServer } from '../../testing/test-server';

const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../testing/mini-corpus.jsonl',
);
const kinds = await testDatabaseKinds();

describe.each(kinds)('rows searches answer with on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind, { LITERATURE_SOURCES: 'local' });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    client = await server.signedInClient();
  });
  afterAll(() => server.close());

  const search = async (q: string) => {
    const response = await client.post('/api/search', { q, n: 100, documentTypes: {} });
    expect(response.status).toBe(200);
    return response.body.results as unknown as { refId: string; title: string }[];
  };

  it('answers with a work as it is stored now, not as an earlier search read it', async () => {
    const [first] = await search('citations');
    expect(first).toBeDefined();
    const queries: string[] = [];
    const stop = server.context.database.queryLog.watch((query) => queries.push(query));
    expect((await search('citations'))[0]).toEqual(first);
    stop();
    // Seen rows are not read again.
    expect(
      queries.filter((query) => /from "works" where "works"\."doc_id" in/.test(query)),
    ).toEqual([]);

    // Every write to a works row takes the next change sequence number, as the store's do.
    await server.context.database.db
      .update(works)
      .set({ title: 'A corrected title', changeSeq: sql`nextval('works_change_seq')` })
      .where(eq(works.refId, first!.refId));
    const again = await search('citations');
    expect(again.find((work) => work.refId === first!.refId)?.title).toBe('A corrected title');
  });
});
