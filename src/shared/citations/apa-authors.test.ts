import { describe, expect, it } from 'vitest';
import { APA_MAX_AUTHORS, formatApaAuthors, formatApaName } from './apa-authors';
import { parseAuthors } from './authors';
import { parseName } from './person-name';

const authorList = (count: number) =>
  Array.from({ length: count }, (_, index) => `Author${index + 1}, Given`);

describe('formatApaName', () => {
  it.each([
    ['Yann LeCun', 'LeCun, Y.'],
    ['Kirk Warren Brown', 'Brown, K. W.'],
    ['Jean-Paul Sartre', 'Sartre, J.-P.'],
    ['Ludwig van Beethoven', 'van Beethoven, L.'],
    ['Martin Luther King Jr.', 'King, M. L., Jr.'],
    ['World Health Organization', 'World Health Organization'],
    ['Aristotle', 'Aristotle'],
  ])('%j → %j', (text, expected) => {
    const name = parseName(text);
    expect(name && formatApaName(name)).toBe(expected);
  });
});

describe('formatApaAuthors (APA 7 §9.8)', () => {
  it.each([
    [0, ''],
    [1, 'Author1, G.'],
    [2, 'Author1, G., & Author2, G.'],
    [3, 'Author1, G., Author2, G., & Author3, G.'],
  ])('%i authors', (count, expected) => {
    expect(formatApaAuthors(parseAuthors(authorList(count)))).toBe(expected);
  });

  it('lists all 20 authors with & before the last', () => {
    const text = formatApaAuthors(parseAuthors(authorList(APA_MAX_AUTHORS)));
    expect(text.split(', & ')).toHaveLength(2);
    expect(text.endsWith('Author19, G., & Author20, G.')).toBe(true);
    expect(text).not.toContain('...');
  });

  it.each([21, 25, 100])(
    'with %i authors lists the first 19, then ..., then the last (spec 000 §5)',
    (count) => {
      const text = formatApaAuthors(parseAuthors(authorList(count)));
      const listed = text.match(/Author\d+/g) ?? [];
      expect(listed).toHaveLength(APA_MAX_AUTHORS);
      expect(text).toContain(`Author19, G., ... Author${count}, G.`);
      expect(text).not.toContain('&');
      expect(text.startsWith('Author1, G., Author2, G.,')).toBe(true);
    },
  );

  it('generates initials and keeps particles', () => {
    expect(
      formatApaAuthors(
        parseAuthors('Jean-Paul Sartre; Ludwig van Beethoven; World Health Organization'),
      ),
    ).toBe('Sartre, J.-P., van Beethoven, L., & World Health Organization');
  });
});
