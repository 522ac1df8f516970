import { describe, expect, it } from 'vitest';
import type { Work } from '../../../shared/citations/work';
import { sourceWork } from '../sources/source-work';
import { mergeCandidates, RRF_K } from './merge-candidates';

const work = (id: string, title: string, fields: Partial<Work> = {}) =>
  sourceWork(id, title, { published_year: 2020, ...fields });

describe('mergeCandidates', () => {
  it('joins copies sharing a DOI, an arXiv id, a PubMed id or a title and year', () => {
    const merged = mergeCandidates([
      {
        sourceId: 'crossref',
        stored: false,
        works: [
          work('10.1038/abc', 'A pneumonia outbreak of probable bat origin', {
            doi: '10.1038/abc',
            container_title: 'Nature',
            is_referenced_by_count: 10,
          }),
        ],
      },
      {
        sourceId: 'pubmed',
        stored: false,
        works: [
          work('pmid:32015507', 'A pneumonia outbreak of probable bat origin', {
            hyperlink: 'https://pubmed.ncbi.nlm.nih.gov/32015507/',
            abstract: 'The full PubMed abstract, longer than the rest.',
          }),
        ],
      },
      {
        sourceId: 'semanticscholar',
        stored: false,
        works: [
          work('10.1038/ABC', 'A pneumonia outbreak (S2 spelling)', { is_referenced_by_count: 30 }),
          work('arxiv:1706.03762', 'Attention is all you need', { doi: 'arxiv:1706.03762' }),
        ],
      },
      {
        sourceId: 'arxiv',
        stored: false,
        works: [
          work('arxiv:1706.03762', 'Attention Is All You Need', {
            doi: 'arxiv:1706.03762v7',
            hyperlink: 'https://arxiv.org/abs/1706.03762',
          }),
        ],
      },
    ]);
    expect(merged).toHaveLength(2);
    const [outbreak, attention] = merged;
    expect(outbreak?.sources.sort()).toEqual(['crossref', 'pubmed', 'semanticscholar']);
    // Crossref's record is kept; gaps and better values come from the other copies.
    expect(outbreak?.origin).toBe('crossref');
    expect(outbreak?.work).toMatchObject({
      title: 'A pneumonia outbreak of probable bat origin',
      container_title: 'Nature',
      abstract: 'The full PubMed abstract, longer than the rest.',
      is_referenced_by_count: 30,
    });
    expect(outbreak?.fused).toBeCloseTo(3 / (RRF_K + 1));
    expect(attention?.origin).toBe('semanticscholar');
    expect(attention?.fused).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
  });

  it('keeps the stored copy of a work the library already has', () => {
    const stored = {
      ...work('10.1234/x', 'Stored title of the work here', { doi: '10.1234/x' }),
      refId: 'ref_abcdefgh',
    };
    const merged = mergeCandidates([
      {
        sourceId: 'openalex',
        stored: false,
        works: [work('10.1234/x', 'Fresh title', { abstract: 'new' })],
      },
      { sourceId: 'local', stored: true, works: [stored] },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ stored: true, origin: 'local' });
    expect(merged[0]?.work).toEqual(stored);
  });

  it('does not join different works with a short shared title', () => {
    const merged = mergeCandidates([
      { sourceId: 'crossref', stored: false, works: [work('10.1/a', 'Introduction')] },
      { sourceId: 'openalex', stored: false, works: [work('10.1/b', 'Introduction')] },
    ]);
    expect(merged).toHaveLength(2);
  });
});
