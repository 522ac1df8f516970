import { describe, expect, it } from 'vitest';
import { markdownIt } from '../markdown/markdown-it';
import { formatBibliographyMarker, scanBibliographyMarker } from './bibliography';

function entries(markdown: string): { block: number; refId: string; text: string }[] {
  const tokens = markdownIt.parse(markdown, {});
  const result: { block: number; refId: string; text: string }[] = [];
  let block = 0;
  tokens.forEach((token, index) => {
    if (token.type === 'bibliography_block_open') block++;
    if (token.type === 'bibliography_entry_open') {
      result.push({
        block,
        refId: String(token.meta?.refId),
        text: tokens[index + 1]?.content ?? '',
      });
    }
  });
  return result;
}

describe('bibliography rule', () => {
  it('reads the marker at the start of a line', () => {
    expect(scanBibliographyMarker('[xref_abc12345] Smith', 0)).toEqual({
      end: 15,
      refId: 'ref_abc12345',
    });
    expect(scanBibliographyMarker('[xref_a]', 0)?.refId).toBe('ref_a');
    expect(scanBibliographyMarker('[xref_a](x)', 0)).toBeNull();
    expect(scanBibliographyMarker('[xref_]', 0)).toBeNull();
    expect(formatBibliographyMarker('ref_a')).toBe('[xref_a]');
  });

  it('groups consecutive lines into one block and starts a new block after a blank line', () => {
    expect(entries('[xref_a] Smith 2020.\n[xref_b] Doe 2021.\n\n[xref_c] Roe.')).toEqual([
      { block: 1, refId: 'ref_a', text: 'Smith 2020.' },
      { block: 1, refId: 'ref_b', text: 'Doe 2021.' },
      { block: 2, refId: 'ref_c', text: 'Roe.' },
    ]);
  });

  it('continues an entry on following lines like a paragraph', () => {
    expect(entries('[xref_a] Smith,\nJ. (2020).')).toEqual([
      { block: 1, refId: 'ref_a', text: 'Smith,\nJ. (2020).' },
    ]);
  });

  it('only counts markers at the start of a line', () => {
    expect(entries('See [xref_a] here.')).toEqual([]);
  });

  it('ends at another block', () => {
    const types = markdownIt.parse('[xref_a] Smith\n# Next', {}).map((token) => token.type);
    expect(types).toContain('heading_open');
  });
});
