import type { Work } from '../../../shared/citations/work';
import { makeWork } from '../../citations/test-fixtures';

/** Words per printed page, as in the editor benchmark (60,000 words for about 100 pages). */
const WORDS_PER_PAGE = 600;

const VOCABULARY = (
  'sleep memory consolidation hippocampus cortex replay spindle oscillation slow wave ' +
  'participants effect significant analysis model evidence suggests however therefore ' +
  'results baseline condition retrieval encoding interference learning performance data'
).split(' ');

const SURNAMES = ['Walker', 'Diekelmann', 'Born', 'Stickgold', 'Rasch', 'Tononi', 'Cirelli'];

/** A deterministic pseudo-random generator, so every run builds the same paper. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export interface LongPaper {
  markdown: string;
  works: Work[];
}

/**
 * A paper of about `pages` printed pages built like the editor benchmark's: sections and
 * subsections, bold and italic words, five citations a page (some of two works), an equation
 * every other page, lists, tables and display equations; the cited works are returned to be
 * stored with it, and the export adds their reference list.
 */
export function longPaper(pages: number): LongPaper {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const workCount = Math.max(2, pages * 2);
  const works = Array.from({ length: workCount }, (_, index) =>
    makeWork({
      refId: `ref_${index.toString(36).padStart(8, '0')}`,
      id: `10.5555/long.${index}`,
      doi: `10.5555/long.${index}`,
      type: 'journal-article',
      title: `Sleep and memory study ${index + 1}`,
      authors: [`${pick(SURNAMES)}, Ann`, `${pick(SURNAMES)}, Ben`],
      published_year: 1990 + (index % 34),
      container_title: 'Journal of Sleep Research',
      volume: String(1 + (index % 30)),
      page: `${index + 1}-${index + 12}`,
    }),
  );
  const cite = () => {
    const first = works[Math.floor(next() * works.length)] as Work;
    if (next() >= 0.3) return ` [${first.refId}]`;
    const second = works[Math.floor(next() * works.length)] as Work;
    return second === first ? ` [${first.refId}]` : ` [${first.refId}; ${second.refId}]`;
  };

  const blocks: string[] = ['# A Synthetic Paper on Sleep and Memory'];
  const totalWords = pages * WORDS_PER_PAGE;
  let words = 0;
  let paragraph = 0;
  let equations = 0;
  while (words < totalWords) {
    paragraph++;
    if (paragraph % 25 === 1) blocks.push(`## Section ${Math.ceil(paragraph / 25)}`);
    else if (paragraph % 8 === 1) blocks.push(`### Subsection ${paragraph}`);
    const sentences: string[] = [];
    for (let sentence = 0; sentence < 5; sentence++) {
      const length = 12 + Math.floor(next() * 10);
      const text: string[] = [];
      for (let i = 0; i < length; i++) text.push(pick(VOCABULARY));
      words += length;
      if (next() < 0.1) text[2] = `**${text[2]}**`;
      if (next() < 0.1) text[5] = `*${text[5]}*`;
      let line = text.join(' ');
      // Five citations and half an equation per page of about 30 sentences.
      if (next() < 5 / 30) line += cite();
      if (next() < 0.5 / 30) {
        line += ` where $$x_{${equations}} = \\frac{a}{b}$$ holds`;
        equations++;
      }
      sentences.push(`${line[0]?.toUpperCase()}${line.slice(1)}.`);
    }
    blocks.push(sentences.join(' '));
    if (paragraph % 40 === 0) blocks.push('- first point\n- second point\n  - a detail');
    if (paragraph % 60 === 0) {
      blocks.push('| Measure | Value |\n| --- | ---: |\n| mean | 0.42 |\n| sd | 0.10 |');
    }
    if (paragraph % 90 === 0) blocks.push('$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$');
  }
  return { markdown: blocks.join('\n\n'), works };
}
