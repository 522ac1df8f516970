import { describe, expect, it } from 'vitest';
import { fallbackReference } from './fallback-reference';
import { bookChapter, journalArticle, makeWork, preprint, webPage } from './test-fixtures';

describe('fallbackReference', () => {
  it.each([
    [
      'arXiv style',
      preprint,
      'Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., Gomez, A. N., Kaiser, Ł., & Polosukhin, I. (2017). Attention is all you need. arXiv:1706.03762.',
    ],
    [
      'arXiv style from an arxiv.org address',
      makeWork({
        title: 'A preprint',
        authors: ['Ann Lee'],
        published_year: 2021,
        url: 'https://arxiv.org/abs/2101.00001v2',
      }),
      'Lee, A. (2021). A preprint. arXiv:2101.00001v2.',
    ],
    [
      'plain, journal article: reads like APA',
      journalArticle,
      'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture, 8(3), 207–217. https://doi.org/10.1037/ppm0000185',
    ],
    [
      'plain, chapter',
      bookChapter,
      'Aron, L., Botella, M., & Lubart, T. (2019). Culinary arts: Talent and their development. The psychology of high performance: Developing human potential into domain-specific talent, 345–359. https://doi.org/10.1037/0000120-016',
    ],
    [
      'plain, web page: organisation author gets its period',
      webPage,
      'World Health Organization. (2018). Questions and answers on immunization and vaccine safety. https://www.who.int/features/qa/84/en/',
    ],
    [
      'no authors: title first, n.d.',
      makeWork({ title: 'Anonymous pamphlet', publisher: 'Acme Press' }),
      'Anonymous pamphlet. (n.d.). Acme Press.',
    ],
    [
      'a title that is a question keeps its question mark',
      makeWork({ title: 'Is it true?', authors: ['Ann Lee'], published_year: 2020 }),
      'Lee, A. (2020). Is it true?',
    ],
    [
      'markup and trailing periods in titles',
      makeWork({
        title: 'Stress in <jats:italic>E. coli</jats:italic>.',
        authors: ['Ann Lee'],
        published_year: 2020,
        hyperlink: 'https://example.org/a',
      }),
      'Lee, A. (2020). Stress in E. coli. https://example.org/a',
    ],
    ['nothing known', makeWork({ title: '' }), 'Untitled. (n.d.).'],
  ])('%s', (_case, work, expected) => {
    expect(fallbackReference(work)).toBe(expected);
  });
});
