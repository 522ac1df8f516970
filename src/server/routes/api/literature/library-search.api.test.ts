import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSearchFilters } from '../../../../shared/literature/search-filters';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { searchRequest } from '../../../../app/references/search/search-request';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../literature/testing/mini-corpus.jsonl',
);
const kinds = await testDatabaseKinds();

// A BEIR import: no publication years at all, like SciFact's corpus.
const UNDATED = [
  {
    _id: 'undated-1',
    title: 'Thalamocortical spindle oscillations in undated grey literature',
    text: 'Spindle oscillations couple the thalamus and cortex during sleep.',
  },
  {
    _id: 'undated-2',
    title: 'Spindle density and overnight memory retention',
    text: 'Spindle density predicted how much was remembered after a night of sleep.',
  },
];

interface Answer {
  results: { id: string; refId: string; similarity_score: number; published_year: number | null }[];
  sources: { id: string; status: string }[];
  hidden: { type: string; count: number }[];
}

const QUERIES = [
  'citation network analysis',
  'neural networks attention',
  'graph algorithms for large networks',
  'optimization of hyperparameters',
];

describe.each(kinds)("the library's search through /api/search on %s", (kind) => {
  let federated: TestServer;
  let local: TestServer;
  let viaFederation: TestClient;
  let viaLocal: TestClient;
  const directory = mkdtempSync(path.join(tmpdir(), 'scriptor-undated-'));
  const undatedFile = path.join(directory, 'corpus.jsonl');

  beforeAll(async () => {
    writeFileSync(undatedFile, UNDATED.map((record) => JSON.stringify(record)).join('\n'));
    // The default provider with only the library configured, and the library provider alone.
    federated = await startTestServer(kind, { LITERATURE_SOURCES: 'local' });
    local = await startTestServer(kind, { LITERATURE_PROVIDER: 'local' });
    for (const server of [federated, local]) {
      await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
      await importLiteratureFile(server.context.database.db, undatedFile, { origin: 'corpus' });
    }
    viaFederation = await federated.signedInClient();
    viaLocal = await local.signedInClient();
  });
  afterAll(async () => {
    await federated.close();
    await local.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function search(client: TestClient, body: object): Promise<Answer> {
    const response = await client.post('/api/search', body);
    expect(response.status).toBe(200);
    return response.body as unknown as Answer;
  }

  it('returns the library ranking unchanged when only the library answers', async () => {
    for (const q of QUERIES) {
      for (const n of [5, 20]) {
        const body = { ...searchRequest(q, defaultSearchFilters(), null), n };
        const [mine, library] = [await search(viaFederation, body), await search(viaLocal, body)];
        expect(mine.results.length).toBeGreaterThan(0);
        expect(mine.results.map((r) => [r.id, r.similarity_score])).toEqual(
          library.results.map((r) => [r.id, r.similarity_score]),
        );
      }
    }
  });

  it('finds undated works with the default filters, and leaves them out when asked to', async () => {
    const filters = defaultSearchFilters();
    for (const client of [viaFederation, viaLocal]) {
      const found = await search(client, searchRequest('spindle oscillations', filters, null));
      expect(found.results.map((r) => r.id)).toEqual(
        expect.arrayContaining(['beir:undated-1', 'beir:undated-2']),
      );
      const dated = await search(
        client,
        searchRequest('spindle oscillations', { ...filters, includeUndated: false }, null),
      );
      expect(dated.results.every((r) => r.published_year !== null)).toBe(true);
    }
    // The pane's note counts what the exclusion hid.
    const hidden = await search(
      viaFederation,
      searchRequest('spindle oscillations', { ...filters, includeUndated: false }, null),
    );
    expect(hidden.hidden).toContainEqual({ type: 'undated', count: 2 });
  });

  it('keeps filters saved before the undated option existed including undated works', async () => {
    const saved = await viaFederation.put('/api/settings/search-filters', {
      filters: { ...defaultSearchFilters(), includeUndated: undefined },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ filters: { includeUndated: true } });
  });
});
