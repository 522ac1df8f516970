import { describe, expect, it } from 'vitest';
import { withCitations } from './merge-into-paper';

describe('withCitations', () => {
  it('gives a listed work the checked entry the result brings and adds new works at the end', () => {
    const listed = [
      { refId: 'ref_aaaaaaaa', title: 'Listed by the structure' },
      { refId: 'ref_bbbbbbbb', title: 'Untouched' },
    ];
    const brought = [
      { refId: 'ref_cccccccc', title: 'New work', certainty: 0.4 },
      {
        refId: 'ref_aaaaaaaa',
        title: 'Listed by the structure',
        certainty: 0.9,
        reasoning: 'Fits.',
      },
    ];
    expect(withCitations(listed, brought)).toEqual([
      {
        refId: 'ref_aaaaaaaa',
        title: 'Listed by the structure',
        certainty: 0.9,
        reasoning: 'Fits.',
      },
      { refId: 'ref_bbbbbbbb', title: 'Untouched' },
      { refId: 'ref_cccccccc', title: 'New work', certainty: 0.4 },
    ]);
  });
});
