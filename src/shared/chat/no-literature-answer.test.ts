import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGE_CODES } from '../ai/languages';
import { noRelevantLiteratureAnswer } from './no-literature-answer';

describe('the answer when the literature has nothing relevant', () => {
  it('is written in every content language, each its own text naming the filters’ button', () => {
    const texts = CONTENT_LANGUAGE_CODES.map(noRelevantLiteratureAnswer);
    expect(new Set(texts).size).toBe(CONTENT_LANGUAGE_CODES.length);
    for (const text of texts) expect(text).toContain('Limit Sources');
    expect(noRelevantLiteratureAnswer('en')).toMatch(/^The literature search found no work/);
  });
});
