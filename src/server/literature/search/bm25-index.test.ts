import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index, type IndexableDoc } from './bm25-index';
import { decodeIndexSnapshot, encodeIndexSnapshot } from './index-snapshot';

function indexOf(docs: IndexableDoc[]): Bm25Index {
  const index = new Bm25Index();
  for (const doc of docs) index.add(doc);
  return index;
}

const ids = (index: Bm25Index, request: Parameters<Bm25Index['search']>[0]) =>
  index.search(request).map((hit) => hit.docId);

describe('term rarity', () => {
  it('weighs a term by how few documents hold it, an unknown term as the rarest', () => {
    const index = indexOf([
      { docId: 'a', title: 'Quantum codes', abstract: 'Decoherence of qubits.' },
      { docId: 'b', title: 'Quantum optics', abstract: '' },
      { docId: 'c', title: 'Quantum gravity', abstract: '' },
    ]);
    const rarity = index.termRarity(['quantum', 'decoher', 'zebrafish']);
    expect(rarity.get('quantum')).toBeLessThan(rarity.get('decoher')!);
    expect(rarity.get('decoher')).toBeLessThan(rarity.get('zebrafish')!);
    expect(rarity.get('quantum')).toBeGreaterThan(0);
  });
});

describe('phrase queries', () => {
  const index = indexOf([
    { docId: 'exact', title: 'Protein folding in vivo', abstract: 'We study chains.' },
    { docId: 'reversed', title: 'Folding of protein chains', abstract: 'Folding protein.' },
    { docId: 'apart', title: 'Protein design', abstract: 'Folding kinetics of chains.' },
    { docId: 'across', title: 'A model of protein', abstract: 'Folding happens fast.' },
    { docId: 'inflected', title: 'Proteins folded quickly', abstract: '' },
  ]);

  it('matches only adjacent words in order (after stemming)', () => {
    expect(ids(index, { query: '"protein folding"' }).sort()).toEqual(['exact', 'inflected']);
  });

  it('does not match across the end of the title and the start of the abstract', () => {
    expect(ids(index, { query: '"protein folding"' })).not.toContain('across');
  });

  it('keeps the gap of a stop word', () => {
    const gaps = indexOf([
      { docId: 'gap', title: 'Effect of smoking', abstract: '' },
      { docId: 'adjacent', title: 'Effect smoking', abstract: '' },
      { docId: 'other-stop-word', title: 'Effect on smoking', abstract: '' },
    ]);
    expect(ids(gaps, { query: '"effect of smoking"' }).sort()).toEqual(['gap', 'other-stop-word']);
  });

  it('ranks phrase matches by the words of the query', () => {
    const hits = ids(index, { query: '"protein folding" vivo' });
    expect(hits[0]).toBe('exact');
  });

  it('returns nothing for a phrase with an unknown word', () => {
    expect(ids(index, { query: '"protein unobtainium"' })).toEqual([]);
  });
});

describe('gene and compound names', () => {
  const index = indexOf([
    { docId: 'joined', title: 'IL6 signalling in sepsis', abstract: 'Serum IL6 rose.' },
    { docId: 'hyphen', title: 'Interleukin IL-6 in sepsis', abstract: 'IL-6 levels rose.' },
    { docId: 'other', title: 'IL-10 in sepsis', abstract: 'Levels of IL-10 fell.' },
    { docId: 'p53', title: 'p53 loss in tumours', abstract: 'Mutant p53.' },
  ]);

  it('finds the joined and the hyphenated spelling with either', () => {
    expect(ids(index, { query: 'IL6' }).slice(0, 2).sort()).toEqual(['hyphen', 'joined']);
    expect(ids(index, { query: 'IL-6' }).slice(0, 2).sort()).toEqual(['hyphen', 'joined']);
  });

  it('keeps an exact name first; an exclusion names the spelling it excludes', () => {
    expect(ids(index, { query: 'p53 tumours' })[0]).toBe('p53');
    // Excluded words are phrases: the joined runs share a position, the hyphenated ones do not.
    expect(ids(index, { query: 'sepsis -IL6' }).sort()).toEqual(['hyphen', 'other']);
    expect(ids(index, { query: 'sepsis -IL6 -IL-6' })).toEqual(['other']);
  });
});

describe('include and exclude', () => {
  const index = indexOf([
    { docId: 'a', title: 'Cancer immunotherapy in mice', abstract: 'T cells respond.' },
    { docId: 'b', title: 'Cancer immunotherapy review', abstract: 'A survey of trials.' },
    { docId: 'c', title: 'Immunotherapy for allergy', abstract: 'In mice and men.' },
  ]);

  it('includeText requires every word', () => {
    expect(ids(index, { query: 'immunotherapy', includeText: 'cancer mice' })).toEqual(['a']);
  });

  it('includeText can require a quoted phrase', () => {
    expect(
      ids(index, { query: 'immunotherapy', includeText: '"cancer immunotherapy"' }).sort(),
    ).toEqual(['a', 'b']);
  });

  it('excludeText removes documents with any of its words', () => {
    expect(ids(index, { query: 'immunotherapy', excludeText: 'survey allergy' })).toEqual(['a']);
  });

  it('-word and -"phrase" in the query exclude', () => {
    expect(ids(index, { query: 'immunotherapy -mice' })).toEqual(['b']);
    expect(ids(index, { query: 'immunotherapy -"cancer immunotherapy"' })).toEqual(['c']);
  });

  it('+word in the query is required', () => {
    expect(ids(index, { query: 'immunotherapy +allergy' })).toEqual(['c']);
  });

  it('includeText alone ranks by its own words', () => {
    expect(ids(index, { includeText: 'mice' }).sort()).toEqual(['a', 'c']);
  });
});

describe('metadata filters', () => {
  const docs: IndexableDoc[] = [];
  for (let i = 0; i < 40; i++) {
    docs.push({
      docId: i,
      title: i < 30 ? 'graphene graphene graphene' : 'graphene',
      abstract: 'conductivity',
      year: 1990 + i,
      citations: i * 10,
      type: i % 2 === 0 ? 'article' : 'preprint',
    });
  }
  docs.push({ docId: 'undated', title: 'graphene', abstract: '', citations: 1000 });
  const index = indexOf(docs);

  it('applies year bounds inclusively; undated documents pass them unless excluded', () => {
    const hits = ids(index, { query: 'graphene', yearStart: 2000, yearEnd: 2002 });
    expect(hits.sort((a, b) => String(a).localeCompare(String(b)))).toEqual([
      10,
      11,
      12,
      'undated',
    ]);
    const dated = ids(index, {
      query: 'graphene',
      yearStart: 2000,
      yearEnd: 2002,
      includeUndated: false,
    });
    expect(dated.sort()).toEqual([10, 11, 12]);
    expect(ids(index, { query: 'graphene', includeUndated: false })).not.toContain('undated');
    expect(ids(index, { query: 'graphene' })).toContain('undated');
  });

  it('applies the citation minimum and the document types', () => {
    const hits = ids(index, { query: 'graphene', minCitations: 350, documentTypes: ['preprint'] });
    expect(hits.sort()).toEqual([35, 37, 39]);
  });

  it('filters while collecting, so the page still fills with matches', () => {
    // The 30 best-scoring documents are all before 2020; only the weaker ones pass.
    const hits = index.search({
      query: 'graphene',
      yearStart: 2020,
      includeUndated: false,
      limit: 5,
    });
    expect(hits).toHaveLength(5);
    expect(hits.every((hit) => typeof hit.docId === 'number' && hit.docId >= 30)).toBe(true);
  });

  it('an unknown document type matches nothing', () => {
    expect(ids(index, { query: 'graphene', documentTypes: ['wikipedia'] })).toEqual([]);
  });

  it('with no words to rank by, returns the most cited matching documents', () => {
    expect(ids(index, { yearStart: 2025, includeUndated: false, limit: 3 })).toEqual([39, 38, 37]);
    expect(index.search({ yearStart: 2025, limit: 1 })[0]).toMatchObject({
      docId: 'undated',
      score: 0,
    });
  });
});

describe('incremental updates', () => {
  it('removes and replaces documents', () => {
    const index = indexOf([
      { docId: 1, title: 'Quantum dots', abstract: 'Emission spectra.' },
      { docId: 2, title: 'Quantum wells', abstract: 'Band structure.' },
    ]);
    expect(ids(index, { query: 'quantum' })).toHaveLength(2);
    expect(index.remove(1)).toBe(true);
    expect(index.remove(1)).toBe(false);
    expect(ids(index, { query: 'quantum' })).toEqual([2]);
    index.add({ docId: 2, title: 'Topological insulators', abstract: 'Edge states.' });
    expect(ids(index, { query: 'quantum' })).toEqual([]);
    expect(ids(index, { query: 'topological' })).toEqual([2]);
    expect(index.size).toBe(1);
    expect(index.has(1)).toBe(false);
  });

  it('searches documents added after earlier searches (new segments)', () => {
    const index = new Bm25Index();
    for (let i = 0; i < 20; i++) {
      index.add({ docId: i, title: `paper ${i}`, abstract: 'common words' });
      expect(ids(index, { query: `${i}` })).toContain(i);
    }
    expect(ids(index, { query: 'common' })).toHaveLength(20);
  });

  it('purges removed postings when segments merge', () => {
    const index = new Bm25Index({ maxBufferedPostings: 50 });
    for (let i = 0; i < 200; i++) index.add({ docId: i, title: `alpha ${i}`, abstract: 'beta' });
    for (let i = 0; i < 200; i += 2) index.remove(i);
    index.optimize();
    const stats = index.stats();
    expect(stats.removedNotPurged).toBe(0);
    expect(stats.segments).toBe(1);
    expect(ids(index, { query: 'alpha', limit: 1000 })).toHaveLength(100);
  });

  it('keeps numeric and string ids apart', () => {
    const index = indexOf([
      { docId: 1, title: 'one', abstract: '' },
      { docId: '1', title: 'one', abstract: '' },
    ]);
    expect(index.size).toBe(2);
    index.remove('1');
    expect(ids(index, { query: 'one' })).toEqual([1]);
  });
});

describe('result limits and odd requests', () => {
  const index = new Bm25Index();
  for (let i = 0; i < 150; i++) index.add({ docId: i, title: 'neuron', abstract: `cell ${i}` });

  it('returns 100 results by default and honours limit', () => {
    expect(index.search({ query: 'neuron' })).toHaveLength(100);
    expect(index.search({ query: 'neuron', limit: 7 })).toHaveLength(7);
    expect(index.search({ query: 'neuron', limit: 0 })).toHaveLength(0);
    expect(index.search({ query: 'neuron', limit: 5000 })).toHaveLength(150);
  });

  it('returns nothing for unknown words or stop words alone', () => {
    expect(index.search({ query: 'xylophone' })).toEqual([]);
    expect(index.search({ query: 'the of and' })).toEqual([]);
  });

  it('excludes a hyphenated word as a phrase', () => {
    const hyphens = indexOf([
      { docId: 'joined', title: 'COVID-19 outcomes', abstract: '' },
      { docId: 'apart', title: 'COVID outcomes in 19 cities', abstract: '' },
    ]);
    expect(ids(hyphens, { query: 'outcomes -covid-19' })).toEqual(['apart']);
  });

  it('browses by citations when only excludeText is given', () => {
    const browse = indexOf([
      { docId: 'cited', title: 'Graphene', abstract: '', citations: 9 },
      { docId: 'excluded', title: 'Graphene review', abstract: '', citations: 99 },
      { docId: 'less', title: 'Silicon', abstract: '', citations: 1 },
    ]);
    expect(ids(browse, { excludeText: 'review' })).toEqual(['cited', 'less']);
  });

  // Generating arbitrary code points is slow in fast-check itself; the timeout is for that.
  it('never throws on hostile input', { timeout: 30_000 }, () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 120 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(hostile, hostile, hostile, (query, includeText, excludeText) => {
        expect(Array.isArray(index.search({ query, includeText, excludeText }))).toBe(true);
      }),
      { numRuns: 150 },
    );
    for (const query of ['"', '\\', "'; DROP TABLE works; --", '.*', '((', '\ud800', '-"', '+']) {
      expect(Array.isArray(index.search({ query }))).toBe(true);
    }
  });
});

describe('private documents', () => {
  const index = indexOf([
    { docId: 'shared', title: 'Sleep and memory consolidation', abstract: '' },
    { docId: 'alice', title: 'Sleep spindles and memory', abstract: '', owner: 'alice' },
    { docId: 'bob', title: 'Memory of sleep in rodents', abstract: '', owner: 'bob' },
  ]);

  it('are found by their owner only, next to the shared documents', () => {
    expect(ids(index, { query: 'sleep memory', viewer: 'alice' }).sort()).toEqual([
      'alice',
      'shared',
    ]);
    expect(ids(index, { query: 'sleep memory', viewer: 'bob' }).sort()).toEqual(['bob', 'shared']);
  });

  it('stay hidden from searches without a viewer or by someone who owns nothing', () => {
    expect(ids(index, { query: 'sleep memory' })).toEqual(['shared']);
    expect(ids(index, { query: 'sleep memory', viewer: 'carol' })).toEqual(['shared']);
    expect(ids(index, { minCitations: 0, viewer: 'carol' })).toEqual(['shared']);
    expect(ids(index, { query: '"sleep spindles"', viewer: 'bob' })).toEqual([]);
  });

  it('are counted only for their owner, also after a removal and from a snapshot', async () => {
    const counted = indexOf([
      { docId: 'shared', title: 'Sleep and memory', abstract: '' },
      { docId: 'a1', title: 'Sleep spindles', abstract: '', owner: 'alice' },
      { docId: 'a2', title: 'Spindle density', abstract: '', owner: 'alice' },
      { docId: 'b1', title: 'Rodent sleep', abstract: '', owner: 'bob' },
    ]);
    expect(counted.size).toBe(4);
    expect(counted.sizeVisibleTo('alice')).toBe(3);
    expect(counted.sizeVisibleTo('bob')).toBe(2);
    expect(counted.sizeVisibleTo('carol')).toBe(1);
    expect(counted.sizeVisibleTo(null)).toBe(1);
    counted.remove('a2');
    counted.add({ docId: 'b1', title: 'Rodent sleep, revised', abstract: '', owner: 'bob' });
    expect([counted.sizeVisibleTo('alice'), counted.sizeVisibleTo('bob')]).toEqual([2, 2]);
    const restored = await decodeIndexSnapshot(encodeIndexSnapshot(counted));
    if (!restored.ok) throw new Error(restored.message);
    expect([restored.index.sizeVisibleTo('alice'), restored.index.sizeVisibleTo('bob')]).toEqual([
      2, 2,
    ]);
  });
});
