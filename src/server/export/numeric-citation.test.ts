import { describe, expect, it } from 'vitest';
import { citationStyle } from '../../shared/citations/citation-styles';
import { renderCitationCluster } from '../citations/citation-js';
import { registerCitationStyles } from '../citations/citation-style-registry';
import { workToCsl } from '../citations/csl';
import { bookChapter, journalArticle } from '../citations/test-fixtures';
import { numericCitation } from './numeric-citation';
import { lecun } from './testing/fixture-paper';

const text = (citation: ReturnType<typeof numericCitation>) =>
  citation.segments.map((segment) => segment.text).join('');

const targets = (...numbers: number[]) =>
  numbers.map((number) => ({ refId: `ref_n${number}`, number, anchor: `xref_n${number}` }));

describe('numericCitation', () => {
  it.each([
    // Each style's <citation> layout: IEEE brackets each number, Vancouver parenthesises the
    // cluster, Nature, AMA and ACS write superscripts; all collapse three or more in a row.
    ['ieee', [2, 1], '[1], [2]', false],
    ['ieee', [3, 1, 2], '[1]–[3]', false],
    ['vancouver', [1, 2], '(1,2)', false],
    ['vancouver', [1, 2, 3, 5], '(1–3,5)', false],
    ['nature', [4, 1, 2, 3], '1–4', true],
    ['american-medical-association', [1, 3], '1,3', true],
    ['american-chemical-society', [1, 2, 3], '1–3', true],
  ] as const)('%s writes %j as %s', (id, numbers, expected, superscript) => {
    const citation = numericCitation(citationStyle(id), targets(...numbers));
    expect(text(citation)).toBe(expected);
    expect(citation.superscript).toBe(superscript);
  });

  it("matches citeproc's own rendering of the same cluster", () => {
    registerCitationStyles();
    const items = [lecun, journalArticle, bookChapter].map((work) => workToCsl(work));
    for (const id of ['ieee', 'vancouver', 'nature']) {
      for (const count of [2, 3]) {
        const cited = items.slice(0, count);
        const citeproc = renderCitationCluster(cited, {
          style: id,
          locale: 'en-US',
          format: 'text',
        });
        const ours = numericCitation(
          citationStyle(id),
          targets(...cited.map((_, index) => index + 1)),
        );
        expect(text(ours)).toBe(citeproc.trim());
      }
    }
  });

  it('links each number, and both ends of a range, to its entry', () => {
    const citation = numericCitation(citationStyle('ieee'), targets(1, 2, 3));
    expect(citation.segments).toEqual([
      { text: '[1]', anchor: 'xref_n1' },
      { text: '–', anchor: null },
      { text: '[3]', anchor: 'xref_n3' },
    ]);
  });

  it('shows an unknown work after the numbers, never dropping it', () => {
    const citation = numericCitation(citationStyle('vancouver'), [
      { refId: 'ref_zzzz9999', number: null, anchor: null },
      ...targets(1),
    ]);
    expect(text(citation)).toBe('(1,[Missing reference: ref_zzzz9999])');
  });
});
