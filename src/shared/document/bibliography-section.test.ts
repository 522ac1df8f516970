import { describe, expect, it } from 'vitest';
import { isBibliographySection } from './bibliography-section';

describe('isBibliographySection', () => {
  it('knows a reference list by its entries or by its title', () => {
    expect(
      isBibliographySection({
        sectionTitle: 'Sources',
        contentMarkdown: '[xref_abcd1234] Tang, J. (2016). A study.',
      }),
    ).toBe(true);
    for (const title of ['References', 'Bibliography', 'Works Cited', '**References**']) {
      expect(isBibliographySection({ sectionTitle: title, contentMarkdown: '' })).toBe(true);
    }
  });

  it('leaves every other section alone, also one that cites works', () => {
    expect(
      isBibliographySection({
        sectionTitle: 'Results',
        contentMarkdown: 'Open access articles are cited more [ref_abcd1234].',
      }),
    ).toBe(false);
    expect(isBibliographySection({ sectionTitle: 'Referencing styles', contentMarkdown: '' })).toBe(
      false,
    );
  });
});
