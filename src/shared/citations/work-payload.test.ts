import { describe, expect, it } from 'vitest';
import { refIdFor } from './ref-id';
import { toCitedWork, toWork } from './work-payload';

describe('toCitedWork', () => {
  it('reads the editor payload of spec 002 §3 into the canonical shape', () => {
    const work = toCitedWork({
      refId: 'ref_abc12345',
      id: '10.1038/nature14539',
      title: 'Deep learning',
      authors: 'Yann LeCun; Yoshua Bengio; Geoffrey Hinton',
      year: '2015',
      doi: 'https://doi.org/10.1038/NATURE14539',
      abstract: '<jats:p>Deep learning allows…</jats:p>',
      venue: 'Nature',
      container_title: 'Nature',
      volume: 521,
      issue: '7553',
      page: '436-444',
      type: 'journal-article',
      publisher: 'Springer Science and Business Media LLC',
      reference_count: 50000,
      issn: ['0028-0836', '1476-4687'],
      subjects: ['Multidisciplinary'],
      similarity_score: '0.873',
      certainty: 0.4,
      reasoning: 'The abstract states it.',
    });
    expect(work).toMatchObject({
      refId: 'ref_abc12345',
      id: '10.1038/nature14539',
      doi: '10.1038/nature14539',
      authors: ['Yann LeCun', 'Yoshua Bengio', 'Geoffrey Hinton'],
      published_year: 2015,
      published_month: null,
      source: 'Nature',
      volume: '521',
      is_referenced_by_count: 50000,
      issn: ['0028-0836', '1476-4687'],
      isbn: [],
      subjects: ['Multidisciplinary'],
      subjects_str: 'Multidisciplinary',
      similarity_score: 0.873,
      certainty: 0.4,
    });
  });

  it('marks web sources from the authors marker and derives a refId from the url', () => {
    const work = toCitedWork({
      title: 'Climate change and health',
      authors: 'web',
      url: 'https://www.who.int/news-room/fact-sheets/detail/climate-change-and-health',
    });
    expect(work.type).toBe('web');
    expect(work.authors).toEqual([]);
    expect(work.refId).toMatch(/^ref_[a-z0-9]{8}$/);
    expect(work.refId).toBe(refIdFor({ ...work, id: '', refId: '' }));
    expect(work.id).toBe(work.refId);
  });

  it('prefers the canonical names over their aliases', () => {
    const work = toCitedWork({
      title: 'T',
      published_year: 2020,
      year: 1999,
      is_referenced_by_count: 3,
      reference_count: 9,
      source: 'S',
      venue: 'V',
    });
    expect(work).toMatchObject({ published_year: 2020, is_referenced_by_count: 3, source: 'S' });
  });

  it('keeps arXiv ids and drops a DOI that cannot be parsed', () => {
    expect(toCitedWork({ title: 'T', doi: 'arXiv:1706.03762' }).doi).toBe('arxiv:1706.03762');
    expect(toCitedWork({ title: 'T', doi: 'not a doi' }).doi).toBeNull();
  });

  it('fills subjects from subjects_str and gives the same refId for the same DOI', () => {
    const a = toCitedWork({ title: 'T', doi: '10.1000/ABC', subjects_str: 'Biology; Chemistry' });
    const b = toCitedWork({ title: 'Other copy', doi: 'doi:10.1000/abc' });
    expect(a.subjects).toEqual(['Biology', 'Chemistry']);
    expect(a.refId).toBe(b.refId);
  });

  it('replaces a malformed refId and tolerates nulls', () => {
    const work = toCitedWork({ refId: 'ref_BAD', title: null, authors: null, certainty: 'x' });
    expect(work.refId).toMatch(/^ref_[a-z0-9]{8}$/);
    expect(work.title).toBe('');
    expect(work.certainty).toBeNull();
  });

  it('rejects what is not an object', () => {
    expect(() => toCitedWork('nope')).toThrow();
  });

  it('toWork leaves out the per-citation annotation', () => {
    const work = toWork({ title: 'T', certainty: 0.9, reasoning: 'r', similarity_score: 1 });
    expect(work).not.toHaveProperty('certainty');
    expect(work).not.toHaveProperty('reasoning');
    expect(work).not.toHaveProperty('similarity_score');
  });
});

describe('the check that gave a certainty', () => {
  it('is kept with the claim it judged; an unknown method is dropped', () => {
    const base = { refId: 'ref_abcd1234', title: 'A study', certainty: 0.8 };
    expect(
      toCitedWork({ ...base, check_method: 'model', checked_claim: 'Open access helps.' }),
    ).toMatchObject({ certainty: 0.8, check_method: 'model', checked_claim: 'Open access helps.' });
    expect(toCitedWork({ ...base, check_method: 'guess' })).toMatchObject({
      check_method: null,
      checked_claim: null,
    });
    expect(toWork({ ...base, check_method: 'model' })).not.toHaveProperty('check_method');
  });
});
