import { describe, expect, it } from 'vitest';
import { keyTerms } from '../text/key-terms';
import { topicCoverage, topicTerms } from './topic-coverage';

const stem = (word: string) => keyTerms(word)[0] ?? word;

describe('the topic’s informative terms', () => {
  it('weighs title terms by their rarity, description terms half, and leaves generic words out', () => {
    const rarity = (terms: readonly string[]) =>
      new Map(terms.map((term) => [term, term === stem('sleep') ? 2 : 5]));
    const topic = topicTerms(
      { title: 'Sleep and memory: a review', description: 'How sleep loss affects memory recall' },
      rarity,
    );
    expect(Object.fromEntries(topic)).toEqual({
      [stem('sleep')]: 2,
      [stem('memory')]: 5,
      [stem('loss')]: 2.5,
      [stem('affects')]: 2.5,
      [stem('recall')]: 2.5,
    });
  });

  it('is covered by a work in proportion to the weight of the terms it holds', () => {
    const topic = new Map([
      [stem('sleep'), 2],
      [stem('memory'), 6],
    ]);
    const covered = (title: string, abstract = '') => topicCoverage(topic, { title, abstract });
    expect(covered('Sleep and memory consolidation')).toBe(1);
    expect(covered('Memory in ageing', 'No word on rest.')).toBe(0.75);
    expect(covered('Sleep apnea in children')).toBe(0.25);
    expect(topicCoverage(new Map(), { title: 'Anything', abstract: '' })).toBe(1);
  });
});
