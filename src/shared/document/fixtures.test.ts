import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from './schema';
import { lettersOf } from './testing/markdown-arbitrary';

// Fixture files end with a newline like any text file; canonical markdown does not.
const fixtures = Object.entries(
  import.meta.glob<string>('./fixtures/*.md.txt', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => ({
  name: path.replace('./fixtures/', ''),
  markdown: text.replace(/\n$/, ''),
}));

const canonical = fixtures.filter((fixture) => !/\.(input|canonical)\.md\.txt$/.test(fixture.name));
const roundTrip = (markdown: string) => serializeMarkdown(parseMarkdown(markdown));

describe('fixture corpus', () => {
  it('has fixtures', () => {
    expect(canonical.length).toBeGreaterThanOrEqual(10);
  });

  it.each(canonical)('$name is canonical: it reads and writes back unchanged', ({ markdown }) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it.each(canonical)('$name reads back to the same document', ({ markdown }) => {
    const doc = parseMarkdown(markdown);
    expect(parseMarkdown(serializeMarkdown(doc)).eq(doc)).toBe(true);
  });

  describe('malformed input', () => {
    const input =
      fixtures.find((fixture) => fixture.name === 'malformed.input.md.txt')?.markdown ?? '';
    const expected =
      fixtures.find((fixture) => fixture.name === 'malformed.canonical.md.txt')?.markdown ?? '';

    it('is written as the expected canonical markdown', () => {
      expect(roundTrip(input)).toBe(expected);
    });

    it('keeps every letter', () => {
      expect(lettersOf(roundTrip(input))).toBe(lettersOf(input));
    });

    it('is stable once canonical', () => {
      expect(roundTrip(expected)).toBe(expected);
    });
  });
});
