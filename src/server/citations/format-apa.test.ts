import { beforeAll, describe, expect, it } from 'vitest';
import {
  availableCitationStyles,
  formatReference,
  formatReferences,
  registerCitationStyle,
  UnknownCitationStyleError,
  warmUpCitationEngine,
} from './format-apa';
import { bookChapter, journalArticle, makeWork, preprint, webPage } from './test-fixtures';

// citeproc compiles each style on first use, which takes a few seconds.
beforeAll(() => {
  warmUpCitationEngine();
}, 30_000);

describe('formatReference, APA 7', () => {
  it.each([
    [
      'a journal article (APA Style journal article example)',
      journalArticle,
      'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture, 8(3), 207–217. https://doi.org/10.1037/ppm0000185',
    ],
    [
      'a book chapter (APA Style edited-book chapter example, without editors)',
      bookChapter,
      'Aron, L., Botella, M., & Lubart, T. (2019). Culinary arts: Talent and their development. In The psychology of high performance: Developing human potential into domain-specific talent (pp. 345–359). American Psychological Association. https://doi.org/10.1037/0000120-016',
    ],
    [
      'a web page (APA Style webpage example, group author as site)',
      webPage,
      'World Health Organization. (2018, March 8). Questions and answers on immunization and vaccine safety. https://www.who.int/features/qa/84/en/',
    ],
    [
      'an arXiv preprint (APA 7 preprint pattern: title (archive id). Archive. DOI)',
      preprint,
      'Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., Gomez, A. N., Kaiser, Ł., & Polosukhin, I. (2017). Attention is all you need (arXiv:1706.03762). arXiv. https://doi.org/10.48550/arXiv.1706.03762',
    ],
  ])('%s', (_kind, work, expected) => {
    expect(formatReference(work)).toBe(expected);
  });

  it('prints an article number that stands for pages as APA 7 does, keeping its e', () => {
    const plos = makeWork({
      ...journalArticle,
      refId: 'ref_plos0001',
      doi: '10.1371/journal.pone.0135247',
      container_title: 'PLOS ONE',
      volume: '10',
      issue: '8',
      page: 'e0135247',
    });
    expect(formatReference(plos)).toContain(
      'PLOS ONE, 10(8), Article e0135247. https://doi.org/10.1371/journal.pone.0135247',
    );
    expect(formatReference(plos, { style: 'vancouver' })).toContain('e0135247');
  });

  it('renders HTML with italics for the UI', () => {
    expect(formatReference(journalArticle, { format: 'html' })).toBe(
      '<div data-csl-entry-id="ref_grady019" class="csl-entry">Grady, J. S., Her, M., Moreno, G., Perez, C., &#38; Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. <i>Psychology of Popular Media Culture</i>, <i>8</i>(3), 207–217. https://doi.org/10.1037/ppm0000185</div>',
    );
  });

  it('turns JATS emphasis in titles into italics and drops other tags', () => {
    const work = makeWork({
      title: 'Stress in <jats:italic>E. coli</jats:italic> <jats:sc>cells</jats:sc>',
      type: 'journal-article',
      container_title: 'Microbiology',
      authors: ['Ann Lee'],
      published_year: 2020,
    });
    expect(formatReference(work)).toBe('Lee, A. (2020). Stress in E. coli cells. Microbiology.');
    expect(formatReference(work, { format: 'html' })).toContain('Stress in <i>E. coli</i> cells');
  });

  it('writes n.d. without a year and puts the title first without authors', () => {
    const work = makeWork({ title: 'An anonymous report', type: 'report', publisher: 'Acme' });
    expect(formatReference(work)).toBe('An anonymous report. (n.d.). Acme.');
  });

  it('lists the first 19 authors, an ellipsis and the last one', () => {
    const authors = Array.from({ length: 25 }, (_, index) => `Given Author${index + 1}`);
    const text = formatReference(makeWork({ title: 'Big team', authors, published_year: 2021 }));
    expect(text).toContain('Author19, G., … Author25, G. (2021).');
    expect(text).not.toContain('Author20');
  });

  it('formats many works in input order without year suffixes', () => {
    const a = makeWork({
      refId: 'ref_a0000000',
      title: 'Zeta',
      authors: ['Ann Lee'],
      published_year: 2019,
    });
    const b = makeWork({
      refId: 'ref_b0000000',
      title: 'Alpha',
      authors: ['Ann Lee'],
      published_year: 2019,
    });
    expect(formatReferences([a, b])).toEqual(['Lee, A. (2019). Zeta.', 'Lee, A. (2019). Alpha.']);
  });
});

describe('other styles', () => {
  it('ships apa, vancouver and harvard1', () => {
    expect(availableCitationStyles()).toEqual(
      expect.arrayContaining(['apa', 'vancouver', 'harvard1']),
    );
  });

  it('formats Vancouver without the entry number', () => {
    expect(formatReference(journalArticle, { style: 'vancouver' })).toBe(
      'Grady JS, Her M, Moreno G, Perez C, Yelinek J. Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture. 2019;8(3):207–17. doi:10.1037/ppm0000185',
    );
    expect(formatReference(journalArticle, { style: 'vancouver', format: 'html' })).not.toContain(
      'csl-left-margin',
    );
  }, 30_000);

  it('formats Harvard', () => {
    expect(formatReference(journalArticle, { style: 'harvard1' })).toBe(
      'Grady, J.S. et al. (2019) “Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States,” Psychology of Popular Media Culture, 8(3), pp. 207–217. Available at: https://doi.org/10.1037/ppm0000185.',
    );
  }, 30_000);

  it('rejects an unknown style with the list of known ones', () => {
    expect(() => formatReference(journalArticle, { style: 'chicago' })).toThrow(
      UnknownCitationStyleError,
    );
    expect(() => formatReference(journalArticle, { style: 'chicago' })).toThrow(/available: apa/);
  });

  it('falls back to en-US for an unknown locale', () => {
    expect(formatReference(journalArticle, { locale: 'xx-XX' })).toBe(
      formatReference(journalArticle),
    );
  });

  it('accepts a registered CSL style', () => {
    registerCitationStyle(
      'title-only',
      `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Title only</title><id>title-only</id><updated>2024-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography><layout><text variable="title" suffix="."/></layout></bibliography>
</style>`,
    );
    expect(formatReference(journalArticle, { style: 'title-only' })).toBe(
      'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States.',
    );
  }, 30_000);
});
