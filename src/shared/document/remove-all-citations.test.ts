import { describe, expect, it } from 'vitest';
import { removeAllCitations } from './remove-all-citations';

describe('removeAllCitations', () => {
  it('strips citations together with the space before each', () => {
    expect(
      removeAllCitations('A claim [ref_abc12345]. Another [ref_abc12345; ref_def67890].'),
    ).toBe('A claim. Another.');
  });

  it('never takes the space that separates two words', () => {
    expect(removeAllCitations('Exercise increases [ref_abc12345]in adults.')).toBe(
      'Exercise increases in adults.',
    );
    expect(removeAllCitations('Exercise increases [ref_abc12345] in adults.')).toBe(
      'Exercise increases in adults.',
    );
    expect(removeAllCitations('It rose by [ref_abc12345]12 %.')).toBe('It rose by 12 %.');
  });

  it('keeps ids that are not the product’s own 8 lowercase alphanumerics', () => {
    expect(removeAllCitations('A [ref_abc12345; ref_Custom] and [ref_short].')).toBe(
      'A [ref_Custom] and [ref_short].',
    );
  });

  it('strips bibliography markers, keeping the entry text as a paragraph', () => {
    expect(
      removeAllCitations('## References\n\n[xref_abc12345] Smith 2020.\n[xref_Custom] Doe 2021.'),
    ).toBe('## References\n\nSmith 2020.\n\n[xref_Custom] Doe 2021.');
  });

  it('reaches citations in lists, tables and headings but not in code', () => {
    const markdown =
      '## Intro [ref_abc12345]\n\n- item [ref_abc12345]\n\n| a [ref_abc12345] |\n| --- |\n\n`[ref_abc12345]`';
    expect(removeAllCitations(markdown)).toBe(
      '## Intro\n\n- item\n\n| a |\n| --- |\n\n`[ref_abc12345]`',
    );
  });
});
