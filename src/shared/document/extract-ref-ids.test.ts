import { describe, expect, it } from 'vitest';
import { extractRefIds, extractRefIdsFromDoc } from './extract-ref-ids';
import { parseMarkdown } from './schema';

const markdown = [
  '# Title [ref_aaaaaaaa]',
  'Text [ref_bbbbbbbb; ref_aaaaaaaa] and [ref_Other1].',
  '`[ref_cccccccc]` in code and \\[ref_dddddddd] escaped are not citations.',
  '[xref_eeeeeeee] A bibliography entry is not a citation.',
  '| [ref_ffffffff] |\n| --- |',
].join('\n\n');

describe('extractRefIds', () => {
  it('returns cited ids, unique, in order of first citation', () => {
    expect(extractRefIds(markdown)).toEqual([
      'ref_aaaaaaaa',
      'ref_bbbbbbbb',
      'ref_Other1',
      'ref_ffffffff',
    ]);
  });

  it('reads the same ids from a document', () => {
    expect(extractRefIdsFromDoc(parseMarkdown(markdown))).toEqual(extractRefIds(markdown));
  });

  it('returns nothing for text without citations', () => {
    expect(extractRefIds('plain [1] text')).toEqual([]);
  });
});
