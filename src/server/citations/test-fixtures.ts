import { emptyWork, type Work } from '../../shared/citations/work';

/** A work for tests: every field empty except those given. */
export function makeWork(fields: Partial<Work> & Pick<Work, 'title'>): Work {
  return {
    ...emptyWork({ refId: 'ref_test0000', id: 'test', title: fields.title }),
    ...fields,
  };
}

/** APA Style's journal article example (apastyle.apa.org, "Journal article references"). */
export const journalArticle = makeWork({
  refId: 'ref_grady019',
  id: '10.1037/ppm0000185',
  doi: '10.1037/ppm0000185',
  type: 'journal-article',
  title:
    'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States',
  authors: [
    'Grady, Jessica S.',
    'Her, Malina',
    'Moreno, Geena',
    'Perez, Catherine',
    'Yelinek, Jillian',
  ],
  published_year: 2019,
  container_title: 'Psychology of Popular Media Culture',
  volume: '8',
  issue: '3',
  page: '207-217',
  publisher: 'American Psychological Association',
});

/** APA Style's edited book chapter example, without the editors Work does not hold. */
export const bookChapter = makeWork({
  refId: 'ref_aron2019',
  id: '10.1037/0000120-016',
  doi: '10.1037/0000120-016',
  type: 'book-chapter',
  title: 'Culinary arts: Talent and their development',
  authors: ['Aron, L.', 'Botella, M.', 'Lubart, T.'],
  published_year: 2019,
  container_title:
    'The psychology of high performance: Developing human potential into domain-specific talent',
  page: '345-359',
  publisher: 'American Psychological Association',
});

/** APA Style's webpage example with a group author that is also the site. */
export const webPage = makeWork({
  refId: 'ref_who20180',
  id: 'https://www.who.int/features/qa/84/en/',
  type: 'web',
  title: 'Questions and answers on immunization and vaccine safety',
  authors: ['World Health Organization'],
  published_year: 2018,
  published_month: 3,
  published_day: 8,
  url: 'https://www.who.int/features/qa/84/en/',
});

/** An arXiv preprint, cited by its arXiv id. */
export const preprint = makeWork({
  refId: 'ref_vaswani1',
  id: 'arxiv:1706.03762',
  doi: 'arxiv:1706.03762',
  type: 'posted-content',
  title: 'Attention is all you need',
  authors: [
    'Ashish Vaswani',
    'Noam Shazeer',
    'Niki Parmar',
    'Jakob Uszkoreit',
    'Llion Jones',
    'Aidan N. Gomez',
    'Łukasz Kaiser',
    'Illia Polosukhin',
  ],
  published_year: 2017,
  subjects: ['Computation and Language', 'Machine Learning'],
});
