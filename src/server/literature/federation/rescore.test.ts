import { describe, expect, it } from 'vitest';
import type { Work } from '../../../shared/citations/work';
import { query } from '../sources/testing-fixtures';
import { sourceWork } from '../sources/source-work';
import { mergeCandidates } from './merge-candidates';
import { rescore } from './rescore';

const work = (id: string, title: string, fields: Partial<Work> = {}) =>
  sourceWork(id, title, { type: 'journal-article', published_year: 2020, ...fields });

const candidates = mergeCandidates([
  {
    sourceId: 'openalex',
    stored: false,
    works: [
      work('10.1/a', 'Sleep and memory consolidation', {
        abstract: 'Sleep spindles help memory.',
        is_referenced_by_count: 40,
      }),
      work('10.1/b', 'Memory in older adults', {
        abstract: 'No sleep here at all, only <jats:p>memory</jats:p>.',
        published_year: 2005,
      }),
      work('10.1/c', 'Unrelated protein folding', { abstract: 'Molecular dynamics.' }),
    ],
  },
  {
    sourceId: 'arxiv',
    stored: false,
    works: [
      work('arxiv:2001.00001', 'Sleep replay in neural networks', {
        type: 'preprint',
        doi: 'arxiv:2001.00001',
      }),
      work('10.9/journal', 'Sleep deprivation and memory, published version', {
        type: 'preprint',
        doi: '10.9/journal',
        container_title: 'J. Sleep Res. 12, 3 (2020)',
      }),
    ],
  },
]);

describe('rescore', () => {
  it('ranks by BM25F over titles and abstracts with the local filter semantics', () => {
    const { ranked } = rescore(
      candidates,
      query({ q: 'sleep memory', excludeText: 'replay', documentTypes: [] }),
    );
    const ids = ranked.map((candidate) => candidate.work.id);
    expect(ids).not.toContain('arxiv:2001.00001');
    expect(ids[0]).toBe('10.1/a');
    // A candidate that passes the filters but shares no word with the query comes last.
    expect(ids.at(-1)).toBe('10.1/c');
    expect(ranked.at(-1)?.score).toBe(0);
    const scores = ranked.map((candidate) => candidate.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('applies years, citations and include text after the sources', () => {
    const years = rescore(candidates, query({ q: 'memory', yearStart: 2010 }));
    expect(years.ranked.map((c) => c.work.id)).not.toContain('10.1/b');
    const cited = rescore(candidates, query({ q: 'memory', minCitations: 10 }));
    expect(cited.ranked.map((c) => c.work.id)).toEqual(['10.1/a']);
    const include = rescore(
      candidates,
      query({ q: 'memory', includeText: '"memory consolidation"' }),
    );
    expect(include.ranked.map((c) => c.work.id)).toEqual(['10.1/a']);
  });

  it('files a preprint that names its journal under articles and counts what the types hide', () => {
    const articles = rescore(candidates, query({ q: 'sleep', documentTypes: ['article'] }));
    expect(articles.ranked.map((c) => c.work.id)).toEqual(
      expect.arrayContaining(['10.1/a', '10.9/journal']),
    );
    expect(articles.ranked.map((c) => c.work.id)).not.toContain('arxiv:2001.00001');
    expect(articles.hidden).toEqual([{ type: 'preprint', count: 1 }]);
    const preprints = rescore(candidates, query({ q: 'sleep', documentTypes: ['preprint'] }));
    expect(preprints.ranked.map((c) => c.work.id).sort()).toEqual([
      '10.9/journal',
      'arxiv:2001.00001',
    ]);
    // Every candidate matched the query at its source, so each counts, even without a shared word.
    expect(preprints.hidden).toEqual([{ type: 'article', count: 3 }]);
  });

  describe("the library's own ranking", () => {
    const stored = (id: string, title: string, abstract: string) => ({
      ...work(id, title, { abstract }),
      refId: `ref_${id.replace(/\W/g, '').padEnd(8, 'x').slice(0, 8)}`,
    });
    // The library ranks 'b' above 'a' by its statistics over the whole library, although in a
    // small index over these candidates alone 'a' matches the query better.
    const library = {
      sourceId: 'local',
      stored: true,
      works: [
        stored('10.2/b', 'Memory', 'A study of sleep.'),
        stored('10.2/a', 'Sleep memory sleep memory', 'Sleep and memory, sleep and memory.'),
      ],
      scores: [9, 4],
    };

    it('is returned unchanged, scores and all, when only the library answered', () => {
      const { ranked } = rescore(mergeCandidates([library]), query({ q: 'sleep memory' }));
      expect(ranked.map((c) => [c.work.id, c.score])).toEqual([
        ['10.2/b', 9],
        ['10.2/a', 4],
      ]);
    });

    it('keeps its order among its works when outside sources answered too', () => {
      const outside = {
        sourceId: 'openalex',
        stored: false,
        works: [
          work('10.3/c', 'Sleep memory consolidation', { abstract: 'Sleep memory.' }),
          work('10.2/a', 'Sleep memory sleep memory', { abstract: 'Sleep and memory.' }),
        ],
      };
      const { ranked } = rescore(mergeCandidates([library, outside]), query({ q: 'sleep memory' }));
      const ids = ranked.map((c) => c.work.id);
      expect(ids).toHaveLength(3);
      expect(ids.indexOf('10.2/b')).toBeLessThan(ids.indexOf('10.2/a'));
      const scores = ranked.map((c) => c.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });
  });
});
