import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base36Digest8, fnv1a64 } from './hash';
import {
  dedupeKey,
  isRefId,
  isXrefId,
  refIdFor,
  refIdFromKey,
  refIdOfXref,
  xrefIdFor,
  type DedupeSource,
} from './ref-id';

const work = (fields: Partial<DedupeSource>): DedupeSource => ({
  type: 'journal-article',
  url: null,
  id: '',
  refId: '',
  ...fields,
});

describe('fnv1a64', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64('')).toBe(0xcbf29ce484222325n);
    expect(fnv1a64('a')).toBe(0xaf63dc4c8601ec8cn);
    expect(fnv1a64('foobar')).toBe(0x85944171f73967e8n);
  });

  it('hashes UTF-8 bytes, so equal text always gives equal digests', () => {
    expect(base36Digest8('café')).toBe(base36Digest8('caf\u00e9'));
    expect(base36Digest8('café')).not.toBe(base36Digest8('cafe'));
  });
});

describe('dedupeKey (spec 000 §9)', () => {
  it.each([
    [
      'web sources: the url',
      work({ type: 'web', url: 'https://WHO.int/x#top', id: 'W1' }),
      'url:https://who.int/x',
    ],
    ['web without url: the id', work({ type: 'web', id: 'W1' }), 'id:W1'],
    ['else the id', work({ id: 'W2', url: 'https://example.org' }), 'id:W2'],
    [
      'a DOI id is normalised',
      work({ id: 'https://doi.org/10.1038/NATURE14539' }),
      'id:10.1038/nature14539',
    ],
    ['else the refId', work({ refId: 'ref_abc12345' }), 'ref:ref_abc12345'],
    ['an id that is a refId', work({ id: 'ref_abc12345' }), 'ref:ref_abc12345'],
    [
      'else title, year and first author',
      work({ title: ' Deep  Learning ', published_year: 2015, authors: ['LeCun, Y.'] }),
      'work:deep learning|2015|lecun',
    ],
  ])('%s', (_rule, input, expected) => {
    expect(dedupeKey(input)).toBe(expected);
  });
});

describe('refIdFor', () => {
  it('has the format ref_ plus 8 lowercase alphanumerics', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (id, url) => {
        const refId = refIdFor(work({ id, url, type: 'web' }));
        expect(refId).toMatch(/^ref_[a-z0-9]{8}$/);
        expect(isRefId(refId)).toBe(true);
      }),
    );
  });

  it('is stable: a fixed key always gives the same id', () => {
    expect(refIdFor(work({ id: '10.1038/nature14539' }))).toBe(
      refIdFromKey('id:10.1038/nature14539'),
    );
    // Pinned so that a change of hash, which would orphan every stored citation, fails loudly.
    expect(refIdFromKey('id:10.1038/nature14539')).toBe(
      refIdFor(work({ id: 'doi:10.1038/NATURE14539' })),
    );
    expect(refIdFromKey('id:10.1038/nature14539')).toMatchInlineSnapshot(`"ref_78ml3sbr"`);
  });

  it('gives different works different ids', () => {
    const ids = new Set(
      Array.from({ length: 2000 }, (_, index) => refIdFor(work({ id: `10.1234/${index}` }))),
    );
    expect(ids.size).toBe(2000);
  });

  it('keeps the refId of a work that has no other identity', () => {
    expect(refIdFor(work({ refId: 'ref_abc12345' }))).toBe('ref_abc12345');
    expect(refIdFor(work({ id: 'ref_abc12345', refId: 'ref_zzz99999' }))).toBe('ref_abc12345');
  });
});

describe('xref ids', () => {
  it('map ref_abc12345 to xref_abc12345 and back', () => {
    expect(xrefIdFor('ref_abc12345')).toBe('xref_abc12345');
    expect(refIdOfXref('xref_abc12345')).toBe('ref_abc12345');
    expect(isXrefId('xref_abc12345')).toBe(true);
  });

  it.each([['ref_ABC12345'], ['ref_abc1234'], ['xref_abc12345'], ['ref_abc123456']])(
    'rejects %j',
    (id) => {
      expect(isRefId(id)).toBe(false);
      expect(() => xrefIdFor(id)).toThrow(`Not a reference id: "${id}"`);
    },
  );
});
