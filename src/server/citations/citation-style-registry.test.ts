import { beforeAll, describe, expect, it } from 'vitest';
import { CITATION_STYLES, citationStyle } from '../../shared/citations/citation-styles';
import type { Work } from '../../shared/citations/work';
import { lecun } from '../export/testing/fixture-paper';
import {
  clusterOrderInStyle,
  formatReferencesInStyle,
  inTextLabelInStyle,
  noteTextInStyle,
  registerCitationStyles,
} from './citation-style-registry';
import { bookChapter, journalArticle } from './test-fixtures';

/**
 * The fixed works: a three-author article (LeCun, Bengio & Hinton, Nature 2015), a five-author
 * article (APA's Grady et al. example) and a three-author book chapter (APA's Aron et al.).
 */
const WORKS: readonly Work[] = [lecun, journalArticle, bookChapter];

const GRADY_TITLE =
  'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States';
const GRADY_TITLE_CASE =
  'Emotions in Storybooks: A Comparison of Storybooks That Represent Ethnic and Racial Groups in the United States';
const ARON_BOOK =
  'The psychology of high performance: Developing human potential into domain-specific talent';
const ARON_BOOK_CASE =
  'The Psychology of High Performance: Developing Human Potential into Domain-Specific Talent';

interface Expected {
  /** The reference-list entry of each work, without the list number. */
  bibliography: [string, string, string];
  /** The in-text label of each work (author styles) or its footnote (note styles). */
  inText?: [string, string, string];
}

/**
 * What each style's rules give for the fixed works, as written in its CSL file (names, et-al
 * thresholds, punctuation, page ranges, DOI) and its manual; see the comment above each.
 */
const EXPECTED: Record<string, Expected> = {
  // APA 7 (§9.8, §10.1, §10.3): up to 20 authors '&' before the last, sentence-case titles,
  // italic journal and volume, full page range, DOI as https://doi.org/. In text (§8.17): three
  // or more authors 'First et al., year'.
  apa: {
    bibliography: [
      'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444. https://doi.org/10.1038/nature14539',
      `Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). ${GRADY_TITLE}. Psychology of Popular Media Culture, 8(3), 207–217. https://doi.org/10.1037/ppm0000185`,
      `Aron, L., Botella, M., & Lubart, T. (2019). Culinary arts: Talent and their development. In ${ARON_BOOK} (pp. 345–359). American Psychological Association. https://doi.org/10.1037/0000120-016`,
    ],
    inText: ['LeCun et al., 2015', 'Grady et al., 2019', 'Aron et al., 2019'],
  },
  // IEEE: initials before surname, 'and' before the last, title in quotes with the comma
  // inside, 'vol.', 'no.', 'pp.', then year and 'doi:'; chapters 'in' the book, publisher, year.
  ieee: {
    bibliography: [
      'Y. LeCun, Y. Bengio, and G. Hinton, “Deep learning,” Nature, vol. 521, no. 7553, pp. 436–444, 2015, doi: 10.1038/nature14539.',
      `J. S. Grady, M. Her, G. Moreno, C. Perez, and J. Yelinek, “${GRADY_TITLE},” Psychology of Popular Media Culture, vol. 8, no. 3, pp. 207–217, 2019, doi: 10.1037/ppm0000185.`,
      `L. Aron, M. Botella, and T. Lubart, “Culinary arts: Talent and their development,” in ${ARON_BOOK}, American Psychological Association, 2019, pp. 345–359. doi: 10.1037/0000120-016.`,
    ],
  },
  // MLA 9: three or more authors 'First, Given, et al.'; title case in quotes; container, vol.,
  // no., year, pp. with the second number shortened (436–44); DOI as a link. In text: the
  // author only, 'First et al.' for three or more.
  'modern-language-association': {
    bibliography: [
      'LeCun, Yann, et al. “Deep Learning.” Nature, vol. 521, no. 7553, 2015, pp. 436–44, https://doi.org/10.1038/nature14539.',
      `Grady, Jessica S., et al. “${GRADY_TITLE_CASE}.” Psychology of Popular Media Culture, vol. 8, no. 3, 2019, pp. 207–17, https://doi.org/10.1037/ppm0000185.`,
      `Aron, L., et al. “Culinary Arts: Talent and Their Development.” ${ARON_BOOK_CASE}, American Psychological Association, 2019, pp. 345–59, https://doi.org/10.1037/0000120-016.`,
    ],
    inText: ['LeCun et al.', 'Grady et al.', 'Aron et al.'],
  },
  // Chicago 17 author-date (§15.9, §15.29): first name inverted, up to ten listed; year after
  // the names; 'Nature 521 (7553): 436–44'. In text: up to three names, four or more 'et al.',
  // no comma before the year.
  'chicago-author-date': {
    bibliography: [
      'LeCun, Yann, Yoshua Bengio, and Geoffrey Hinton. 2015. “Deep Learning.” Nature 521 (7553): 436–44. https://doi.org/10.1038/nature14539.',
      `Grady, Jessica S., Malina Her, Geena Moreno, Catherine Perez, and Jillian Yelinek. 2019. “${GRADY_TITLE_CASE}.” Psychology of Popular Media Culture 8 (3): 207–17. https://doi.org/10.1037/ppm0000185.`,
      `Aron, L., M. Botella, and T. Lubart. 2019. “Culinary Arts: Talent and Their Development.” In ${ARON_BOOK_CASE}, 345–59. American Psychological Association. https://doi.org/10.1037/0000120-016.`,
    ],
    inText: [
      'LeCun, Bengio, and Hinton 2015',
      'Grady et al. 2019',
      'Aron, Botella, and Lubart 2019',
    ],
  },
  // Chicago 17 notes and bibliography: the year moves after the issue ('521, no. 7553 (2015)');
  // the style's notes are the shortened form (§14.29, a full bibliography is given): surnames
  // (four or more: 'et al.'), then the title in quotes (its short form; the works have none,
  // so the whole title).
  'chicago-note-bibliography': {
    bibliography: [
      'LeCun, Yann, Yoshua Bengio, and Geoffrey Hinton. “Deep Learning.” Nature 521, no. 7553 (2015): 436–44. https://doi.org/10.1038/nature14539.',
      `Grady, Jessica S., Malina Her, Geena Moreno, Catherine Perez, and Jillian Yelinek. “${GRADY_TITLE_CASE}.” Psychology of Popular Media Culture 8, no. 3 (2019): 207–17. https://doi.org/10.1037/ppm0000185.`,
      `Aron, L., M. Botella, and T. Lubart. “Culinary Arts: Talent and Their Development.” In ${ARON_BOOK_CASE}, 345–59. American Psychological Association, 2019. https://doi.org/10.1037/0000120-016.`,
    ],
    inText: [
      'LeCun, Bengio, and Hinton, “Deep Learning.”',
      `Grady et al., “${GRADY_TITLE_CASE}.”`,
      'Aron, Botella, and Lubart, “Culinary Arts: Talent and Their Development.”',
    ],
  },
  // Cite Them Right 12th, Harvard, in British English: initials without spaces, 'and' without
  // a comma, four or more authors 'First et al.'; the year in brackets; the title in single
  // quotes with the comma outside; 'pp.'; 'Available at:' before the DOI link. In text: up to
  // three names, a comma before the year.
  'harvard-cite-them-right': {
    bibliography: [
      'LeCun, Y., Bengio, Y. and Hinton, G. (2015) ‘Deep learning’, Nature, 521(7553), pp. 436–444. Available at: https://doi.org/10.1038/nature14539.',
      `Grady, J.S. et al. (2019) ‘${GRADY_TITLE}’, Psychology of Popular Media Culture, 8(3), pp. 207–217. Available at: https://doi.org/10.1037/ppm0000185.`,
      `Aron, L., Botella, M. and Lubart, T. (2019) ‘Culinary arts: Talent and their development’, in ${ARON_BOOK}. American Psychological Association, pp. 345–359. Available at: https://doi.org/10.1037/0000120-016.`,
    ],
    inText: [
      'LeCun, Bengio and Hinton, 2015',
      'Grady et al., 2019',
      'Aron, Botella and Lubart, 2019',
    ],
  },
  // Vancouver (Citing Medicine): 'Surname Initials', up to six authors; 'Journal. Year;Vol(Issue):
  // pages' with the second page shortened; chapters 'In: Book. Publisher; Year. p. pages'. The
  // style prints a URL but no DOI, and a work with a DOI carries no second address.
  vancouver: {
    bibliography: [
      'LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521(7553):436–44.',
      `Grady JS, Her M, Moreno G, Perez C, Yelinek J. ${GRADY_TITLE}. Psychology of Popular Media Culture. 2019;8(3):207–17.`,
      `Aron L, Botella M, Lubart T. Culinary arts: Talent and their development. In: ${ARON_BOOK}. American Psychological Association; 2019. p. 345–59.`,
    ],
  },
  // Nature: '&' before the last author, up to five listed; 'Journal volume, pages (year).'
  // without the issue; a DOI only for works without a volume (the chapter).
  nature: {
    bibliography: [
      'LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436–444 (2015).',
      `Grady, J. S., Her, M., Moreno, G., Perez, C. & Yelinek, J. ${GRADY_TITLE}. Psychology of Popular Media Culture 8, 207–217 (2019).`,
      `Aron, L., Botella, M. & Lubart, T. Culinary arts: Talent and their development. in ${ARON_BOOK} 345–359 (American Psychological Association, 2019). doi:10.1037/0000120-016.`,
    ],
  },
  // AMA 11 (§3.6): up to six authors 'Surname Initials'; 'Journal. Year;Vol(Issue):pages' with
  // the full range and a hyphen; 'doi:' with no final period; book titles in title case.
  'american-medical-association': {
    bibliography: [
      'LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521(7553):436-444. doi:10.1038/nature14539',
      `Grady JS, Her M, Moreno G, Perez C, Yelinek J. ${GRADY_TITLE}. Psychology of Popular Media Culture. 2019;8(3):207-217. doi:10.1037/ppm0000185`,
      `Aron L, Botella M, Lubart T. Culinary arts: Talent and their development. In: ${ARON_BOOK_CASE}. American Psychological Association; 2019:345-359. doi:10.1037/0000120-016`,
    ],
  },
  // ACS Style Guide: authors separated by semicolons; the title in title case (the book as
  // given); 'Journal Year, Volume (Issue), pages.'; chapters 'In Book; Publisher, Year; pp
  // pages.'; DOI as a link. The '(1)' the style prints before each entry is the list number.
  'american-chemical-society': {
    bibliography: [
      'LeCun, Y.; Bengio, Y.; Hinton, G. Deep Learning. Nature 2015, 521 (7553), 436–444. https://doi.org/10.1038/nature14539.',
      `Grady, J. S.; Her, M.; Moreno, G.; Perez, C.; Yelinek, J. ${GRADY_TITLE_CASE}. Psychology of Popular Media Culture 2019, 8 (3), 207–217. https://doi.org/10.1037/ppm0000185.`,
      `Aron, L.; Botella, M.; Lubart, T. Culinary Arts: Talent and Their Development. In ${ARON_BOOK}; American Psychological Association, 2019; pp 345–359. https://doi.org/10.1037/0000120-016.`,
    ],
  },
};

// citeproc compiles each style on first use, which takes a few seconds.
beforeAll(() => {
  registerCitationStyles();
  for (const style of CITATION_STYLES) formatReferencesInStyle([lecun], style.id);
}, 60_000);

describe('the ten bundled citation styles', () => {
  it('cover every style a paper can choose', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(CITATION_STYLES.map((style) => style.id).sort());
  });

  it.each(CITATION_STYLES.map((style) => [style.id]))('%s writes the reference list', (id) => {
    expect(formatReferencesInStyle(WORKS, id)).toEqual(EXPECTED[id]?.bibliography);
  });

  it.each(CITATION_STYLES.filter((style) => style.kind !== 'numeric').map((style) => [style.id]))(
    '%s writes the in-text form',
    (id) => {
      const style = citationStyle(id);
      const inText = WORKS.map((work) =>
        style.kind === 'note' ? noteTextInStyle([work], style) : inTextLabelInStyle(work, style),
      );
      expect(inText).toEqual(EXPECTED[id]?.inText);
    },
  );
});

describe('clusterOrderInStyle', () => {
  const names = (works: Work[]) => works.map((work) => work.authors[0]?.split(',')[0]);

  it('sorts APA citations alphabetically (APA 7 §8.12)', () => {
    expect(names(clusterOrderInStyle(WORKS, citationStyle('apa')))).toEqual([
      'Aron',
      'Grady',
      'LeCun',
    ]);
  });

  it('sorts Harvard citations by year (its citation sort key)', () => {
    const style = citationStyle('harvard-cite-them-right');
    expect(names(clusterOrderInStyle([journalArticle, lecun], style))).toEqual(['LeCun', 'Grady']);
  });

  it("keeps the writer's order in MLA and Chicago, whose citations are not sorted", () => {
    for (const id of ['modern-language-association', 'chicago-author-date']) {
      expect(names(clusterOrderInStyle(WORKS, citationStyle(id)))).toEqual([
        'LeCun',
        'Grady',
        'Aron',
      ]);
    }
  });
});
