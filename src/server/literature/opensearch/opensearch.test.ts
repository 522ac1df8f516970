import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@opensearch-project/opensearch';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenSearchSource } from '../sources/opensearch-source';
import { query } from '../sources/testing-fixtures';
import { startFakeOpenSearch } from './fake-opensearch';
import { loadIntoOpenSearch } from './opensearch-loader';
import { worksQuery } from './works-query';

const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../testing/mini-corpus.jsonl',
);

describe('the OpenSearch loader and source against a fake node', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenSearch>> | undefined;
  const directory = mkdtempSync(path.join(tmpdir(), 'scriptor-opensearch-'));
  afterEach(async () => {
    await fake?.close();
  });

  it('creates the index, bulk-loads a corpus, resumes after a failure, and searches it', async () => {
    fake = await startFakeOpenSearch({ failBulkNumber: 3 });
    const client = new Client({ node: fake.url, maxRetries: 0 });
    const options = {
      index: 'works',
      checkpointPath: path.join(directory, 'mini.json'),
      batchSize: 10,
    };

    await expect(loadIntoOpenSearch(client, MINI_CORPUS, options)).rejects.toThrow();
    expect(fake.documents.size).toBe(20);
    expect(fake.created).toHaveLength(1);
    expect(fake.created[0]).toMatchObject({
      mappings: { properties: { title: { type: 'text' } } },
    });

    const resumed = await loadIntoOpenSearch(client, MINI_CORPUS, options);
    expect(resumed.resumedAfter).toBe(20);
    expect(resumed.indexed).toBe(16);
    expect(fake.documents.size).toBe(36);
    expect(fake.created).toHaveLength(1);

    const source = new OpenSearchSource({ url: fake.url, index: 'works' });
    const answer = await source.search(
      query({ q: 'citation networks', documentTypes: ['article'], yearStart: 2000, limit: 5 }),
      AbortSignal.timeout(5000),
    );
    expect(answer.works).toHaveLength(36);
    expect(answer.works[0]).toMatchObject({ refId: '', source: 'arXiv' });
    expect(fake.searches[0]).toEqual(
      JSON.parse(
        JSON.stringify(
          worksQuery(
            query({
              q: 'citation networks',
              documentTypes: ['article'],
              yearStart: 2000,
              limit: 5,
            }),
          ),
        ),
      ),
    );
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes the local engine’s semantics as a bool query', () => {
    expect(
      worksQuery(
        query({
          q: 'sleep "memory consolidation" -rodent',
          includeText: 'spindles',
          excludeText: 'review',
          yearStart: 2010,
          yearEnd: 2020,
          includeUndated: false,
          minCitations: 5,
          documentTypes: ['preprint'],
          limit: 20,
        }),
      ),
    ).toEqual({
      size: 20,
      track_total_hits: false,
      query: {
        bool: {
          must: [
            {
              multi_match: {
                query: 'memory consolidation',
                type: 'phrase',
                fields: ['title^2', 'abstract'],
              },
            },
            { multi_match: { query: 'spindles', type: 'phrase', fields: ['title^2', 'abstract'] } },
          ],
          should: [
            {
              multi_match: { query: 'sleep', type: 'most_fields', fields: ['title^2', 'abstract'] },
            },
          ],
          must_not: [
            { multi_match: { query: 'rodent', type: 'phrase', fields: ['title^2', 'abstract'] } },
            { multi_match: { query: 'review', type: 'phrase', fields: ['title^2', 'abstract'] } },
          ],
          filter: [
            { range: { published_year: { gte: 2010, lte: 2020 } } },
            { range: { is_referenced_by_count: { gte: 5 } } },
            { terms: { category: ['preprint', 'preprint+article'] } },
          ],
        },
      },
    });
  });

  it('lets works without a year through the year bounds unless they are excluded', () => {
    const filter = (fields: Parameters<typeof query>[0]) =>
      (worksQuery(query(fields)).query as { bool: { filter: unknown[] } }).bool.filter;
    expect(filter({ q: 'sleep', yearStart: 2010 })).toEqual([
      {
        bool: {
          should: [
            { range: { published_year: { gte: 2010 } } },
            { bool: { must_not: [{ exists: { field: 'published_year' } }] } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    expect(filter({ q: 'sleep' })).toEqual([]);
    expect(filter({ q: 'sleep', includeUndated: false })).toEqual([
      { exists: { field: 'published_year' } },
    ]);
  });
});
