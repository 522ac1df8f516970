import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import type { LiteratureSource } from '../sources/literature-source';
import { SourceError } from '../sources/source-http';
import { query } from '../sources/testing-fixtures';
import { FederatedLiteratureProvider } from './federated-provider';

/** An outside source that cannot be reached, counting how often it is asked. */
function unreachable(id: string) {
  const source = {
    id,
    label: id,
    asked: 0,
    search() {
      source.asked += 1;
      return Promise.reject(new SourceError('unreachable', `${id} is unreachable: ECONNREFUSED`));
    },
  };
  return source satisfies LiteratureSource;
}

describe('FederatedLiteratureProvider without internet', () => {
  it('says once that outside sources are unreachable and skips them afterwards', async () => {
    const sources = ['openalex', 'crossref', 'pubmed', 'arxiv', 'semanticscholar'].map(unreachable);
    const lines: string[] = [];
    // Nothing answers, so nothing is stored and no database is needed.
    const provider = new FederatedLiteratureProvider({} as Db, sources, {
      timeoutMs: 1000,
      cacheMs: 0,
      backoffMs: 60_000,
      log: (message) => lines.push(message),
    });
    for (let search = 0; search < 5; search += 1) {
      const answer = await provider.answer(query({ q: `sleep ${search}` }));
      expect(answer.sources.map((source) => source.status)).toEqual(
        sources.map(() => 'unreachable'),
      );
    }
    expect(lines).toEqual([expect.stringMatching(/^outside literature sources are unreachable/)]);
    expect(sources.map((source) => source.asked)).toEqual(sources.map(() => 1));
  });

  it('answers stage library without asking outside sources, which it reports as pending', async () => {
    const source = unreachable('openalex');
    const provider = new FederatedLiteratureProvider({} as Db, [source], {
      timeoutMs: 1000,
      cacheMs: 0,
    });
    const answer = await provider.answer(query({ q: 'sleep' }), 'library');
    expect(answer.sources).toEqual([
      { id: 'openalex', label: 'openalex', status: 'pending', count: 0 },
    ]);
    expect(source.asked).toBe(0);
  });
});
