import type { IndexableDoc } from '../../src/server/literature/search/bm25-index';
import { seededRandom, shuffle } from './seeded-random';

export interface BaseDoc {
  title: string;
  abstract: string;
  year: number | null;
}

const SENTENCE_END = /(?<=[.!?])\s+/;

function perturbTitle(random: () => number, title: string): string {
  const words = title.split(' ');
  // A couple of adjacent swaps: still recognisably the title, no longer the same phrases.
  for (let swaps = 0; swaps < 2 && words.length > 2; swaps++) {
    const i = Math.floor(random() * (words.length - 1));
    [words[i], words[i + 1]] = [words[i + 1]!, words[i]!];
  }
  return words.join(' ');
}

function perturbAbstract(random: () => number, abstract: string): string {
  const sentences = shuffle(random, abstract.split(SENTENCE_END));
  return sentences
    .map((sentence) =>
      sentence
        .split(' ')
        .filter(() => random() > 0.05)
        .join(' '),
    )
    .join(' ');
}

function clampYear(year: number): number {
  return Math.min(2025, Math.max(1990, year));
}

/**
 * A corpus of `count` documents grown from real abstracts: copy 0 is the original, later copies
 * shuffle sentence order, drop ~5% of words, swap title words and move the year by up to five,
 * so term statistics stay realistic (Zipfian, same vocabulary) while documents differ.
 * Citation counts are heavy-tailed; about 30% are preprints.
 */
export function* perturbedCorpus(
  base: readonly BaseDoc[],
  count: number,
  seed = 7,
): Generator<IndexableDoc> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const source = base[i % base.length]!;
    const copy = Math.floor(i / base.length);
    const year = source.year ?? 2010;
    yield {
      docId: i,
      title: copy === 0 ? source.title : perturbTitle(random, source.title),
      abstract: copy === 0 ? source.abstract : perturbAbstract(random, source.abstract),
      year: copy === 0 ? year : clampYear(year + Math.round((random() - 0.5) * 10)),
      citations: Math.floor(Math.exp(random() * random() * 9)) - 1,
      type: random() < 0.3 ? 'preprint' : 'article',
    };
  }
}
