import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../shared/document/schema';
import { citedRefIds } from './cited-ref-ids';

describe('citedRefIds', () => {
  it('lists the ids of every citation once, in citation order', () => {
    const doc = parseMarkdown(
      [
        '# Introduction',
        '',
        'Sleep helps [ref_bbbbbbbb; ref_aaaaaaaa]. So does rest [ref_cccccccc].',
        '',
        '- Again [ref_aaaaaaaa]',
        '',
        '```',
        'not a citation [ref_dddddddd]',
        '```',
        '',
        '[xref_eeeeeeee] An existing reference entry.',
      ].join('\n'),
    );
    expect(citedRefIds(doc)).toEqual(['ref_bbbbbbbb', 'ref_aaaaaaaa', 'ref_cccccccc']);
  });

  it('is empty for a document without citations', () => {
    expect(citedRefIds(parseMarkdown('Just text.'))).toEqual([]);
  });
});
