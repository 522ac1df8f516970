import { describe, expect, it } from 'vitest';
import {
  findCitationMarkers,
  formatCitationMarker,
  parseCitationMarker,
  resolveCitationMarker,
} from './citation-marker';

describe('citation markers (spec 000 §3, 002 §9)', () => {
  it.each([
    ['[ref_abc12345]', ['ref_abc12345']],
    ['[ref_abc12345; ref_def67890]', ['ref_abc12345', 'ref_def67890']],
    ['[ref_abc12345;ref_def67890]', ['ref_abc12345', 'ref_def67890']],
    ['[ref_abc12345; ref_abc12345]', ['ref_abc12345']],
    ['[ref_ABC12345]', null],
    ['[ref_abc]', null],
    ['[xref_abc12345]', null],
    ['ref_abc12345', null],
    ['[]', null],
  ])('parses %j', (text, expected) => {
    expect(parseCitationMarker(text)).toEqual(expected);
  });

  it('finds every marker in a paragraph', () => {
    const text = 'Deep nets work [ref_abc12345]. So do others [ref_def67890; ref_ghi00000].';
    expect(findCitationMarkers(text)).toEqual([
      { index: text.indexOf('[ref_abc'), text: '[ref_abc12345]', refIds: ['ref_abc12345'] },
      {
        index: text.indexOf('[ref_def'),
        text: '[ref_def67890; ref_ghi00000]',
        refIds: ['ref_def67890', 'ref_ghi00000'],
      },
    ]);
    expect(findCitationMarkers('[xref_abc12345] Lee, A.')).toEqual([]);
  });

  it('formats a marker with "; "', () => {
    expect(formatCitationMarker(['ref_abc12345', 'ref_def67890'])).toBe(
      '[ref_abc12345; ref_def67890]',
    );
    expect(() => formatCitationMarker([])).toThrow('A citation needs at least one reference id');
    expect(() => formatCitationMarker(['nope'])).toThrow('Not a reference id: "nope"');
  });

  it('resolves only references that exist, in marker order', () => {
    const known = new Map([
      ['ref_b0000000', 'B'],
      ['ref_a0000000', 'A'],
    ]);
    expect(
      resolveCitationMarker(['ref_b0000000', 'ref_gone0000', 'ref_a0000000'], (id) =>
        known.get(id),
      ),
    ).toEqual(['B', 'A']);
  });

  it('finds every bracket the editor reads as a citation, line breaks and commas included', () => {
    const text = 'A [\nref_abc12345]. B [ref_abc12345 ,ref_def67890\r\n]. C [[ref_abc12345]].';
    expect(findCitationMarkers(text).map((marker) => marker.refIds)).toEqual([
      ['ref_abc12345'],
      ['ref_abc12345', 'ref_def67890'],
      ['ref_abc12345'],
    ]);
    expect(parseCitationMarker('[ ref_abc12345,ref_abc12345 ]')).toEqual(['ref_abc12345']);
  });
});
