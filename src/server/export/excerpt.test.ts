import { describe, expect, it } from 'vitest';
import { EXCERPT_FALLBACK, EXCERPT_LIMIT, excerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps a short abstract whole, without JATS markup', () => {
    expect(excerpt('<jats:p>A short <jats:italic>abstract</jats:italic>.</jats:p>')).toBe(
      'A short abstract .',
    );
  });

  it('keeps whole sentences up to 300 characters', () => {
    const first = `A${'a'.repeat(149)}.`;
    const second = `B${'b'.repeat(139)}.`;
    const third = `C${'c'.repeat(99)}.`;
    const result = excerpt(`${first} ${second} ${third}`);
    expect(result).toBe(`${first} ${second}`);
    expect(result!.length).toBeLessThanOrEqual(EXCERPT_LIMIT);
  });

  it('cuts a long first sentence at a word break within 250 characters', () => {
    const words = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const result = excerpt(`${words}. Next sentence.`)!;
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(251);
    expect(words.startsWith(result.slice(0, -1))).toBe(true);
    expect(result.slice(0, -1).endsWith(' ')).toBe(false);
  });

  it('falls back to 200 characters when there is no sentence end', () => {
    const text = 'x'.repeat(400);
    expect(excerpt(text)).toBe(`${'x'.repeat(EXCERPT_FALLBACK)}…`);
  });

  it('does not end a sentence at an abbreviation or an initial', () => {
    const first = 'As shown by Smith et al. in Fig. 2 and Sec. 3, mice respond.';
    const second = `J. Smith agreed, e.g. in 2019, ${'and more '.repeat(30)}.`;
    expect(excerpt(`${first} ${second}`)).toBe(first);
  });

  it('has nothing for a missing or empty abstract', () => {
    expect(excerpt(null)).toBeNull();
    expect(excerpt('  <p> </p> ')).toBeNull();
  });
});
