import { describe, expect, it } from 'vitest';
import { type CharContext, charClass, lineStartEscapeIndex, needsEscape } from './escape-text';

const context = (overrides: Partial<CharContext>): CharContext => ({
  previous: 'a',
  next: 'b',
  rest: '',
  inLabel: false,
  labelCloserFollows: false,
  ...overrides,
});

describe('escaping text', () => {
  it('classifies characters like CommonMark emphasis does', () => {
    expect(charClass(undefined)).toBe('space');
    expect(charClass('\u00a0')).toBe('space');
    expect(charClass('.')).toBe('punct');
    expect(charClass('—')).toBe('punct');
    expect(charClass('é')).toBe('word');
    expect(charClass('数')).toBe('word');
  });

  it('leaves prose characters alone', () => {
    expect(needsEscape('_', context({ previous: 'e', next: 'c' }))).toBe(false); // snake_case
    expect(needsEscape('*', context({ previous: ' ', next: ' ' }))).toBe(false); // 2 * 3
    expect(needsEscape('$', context({ previous: ' ', next: '5' }))).toBe(false); // $5
    expect(needsEscape('[', context({ next: '0' }))).toBe(false); // [0, 1]
    expect(needsEscape('~', context({ next: '5' }))).toBe(false); // ~5
    expect(needsEscape('\\', context({ next: 'U' }))).toBe(false); // C:\Users
  });

  it('escapes what markdown would read as syntax', () => {
    expect(needsEscape('*', context({ next: 'x' }))).toBe(true);
    expect(needsEscape('_', context({ previous: ' ', next: 'x' }))).toBe(true);
    expect(needsEscape('$', context({ next: '$' }))).toBe(true);
    expect(needsEscape('~', context({ previous: '~' }))).toBe(true);
    expect(needsEscape('`', context({}))).toBe(true);
    expect(needsEscape('\\', context({ next: '*' }))).toBe(true);
    expect(needsEscape('[', context({ next: '[' }))).toBe(true);
    expect(needsEscape('[', context({ rest: 'ref_' }))).toBe(true);
    expect(needsEscape('[', context({ labelCloserFollows: true }))).toBe(true);
    expect(needsEscape(']', context({ inLabel: true }))).toBe(true);
    expect(needsEscape('!', context({ next: '[' }))).toBe(true);
  });

  it('finds what would start a block at the start of a line', () => {
    const cases: [string, number][] = [
      ['# Heading', 0],
      ['#hashtag', -1],
      ['> quote', 0],
      ['- item', 0],
      ['-1 degrees', -1],
      ['+ item', 0],
      ['1. item', 1],
      ['2024. A year', 4],
      ['3.14 is pi', -1],
      ['---', 0],
      ['===', 0],
      ['_ _ _', 0],
      ['| --- | :-: |', 0],
      ['[xref_abc] Smith', 0],
      ['[xref_abc](link)', -1],
      ['plain text', -1],
    ];
    for (const [line, index] of cases) expect(lineStartEscapeIndex(line), line).toBe(index);
  });
});
