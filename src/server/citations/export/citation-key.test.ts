import { describe, expect, it } from 'vitest';
import { citationKeyBase, citationKeys } from './citation-key';

const work = (authors: string[], year: number | null, title: string) => ({
  authors,
  published_year: year,
  title,
});

describe('citationKeyBase', () => {
  it.each([
    [work(['Yann LeCun'], 2015, 'Deep learning'), 'lecun2015deep'],
    [work(['Smith, John'], 2020, 'The title of it'), 'smith2020title'],
    [work(['Ludwig van Beethoven'], 1810, 'Für Elise'), 'beethoven1810fur'],
    [work(['Łukasz Kaiser'], 2017, 'Attention'), 'kaiser2017attention'],
    [work(['Müller-Lüdenscheidt, Hans'], 2001, 'Über alles'), 'mullerludenscheidt2001uber'],
    [work(['Straße, Ø.'], 2001, 'Æther'), 'strasse2001aether'],
    [work(['World Health Organization'], 2018, 'Questions and answers'), 'world2018questions'],
    [work([], null, 'On the <i>origin</i> of species'), 'anonndorigin'],
    [work([], 2020, ''), 'anon2020'],
  ])('%j → %s', (input, expected) => {
    expect(citationKeyBase(input)).toBe(expected);
  });
});

describe('citationKeys', () => {
  it('appends letters to repeats so that every key is unique', () => {
    const same = work(['Smith, John'], 2020, 'Title');
    const keys = citationKeys(Array.from({ length: 28 }, () => same));
    expect(keys.slice(0, 3)).toEqual(['smith2020title', 'smith2020titlea', 'smith2020titleb']);
    expect(keys.slice(-2)).toEqual(['smith2020titlez', 'smith2020titleaa']);
    expect(new Set(keys).size).toBe(28);
  });
});
