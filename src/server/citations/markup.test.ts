import { describe, expect, it } from 'vitest';
import { stripMarkup, toCslMarkup } from './markup';

describe('toCslMarkup', () => {
  it.each([
    ['<jats:italic>E. coli</jats:italic> growth', '<i>E. coli</i> growth'],
    ['<em>a</em> <strong>b</strong> <b>c</b>', '<i>a</i> <b>b</b> <b>c</b>'],
    ['H<jats:sub>2</jats:sub>O and x<sup>2</sup>', 'H<sub>2</sub>O and x<sup>2</sup>'],
    ['<jats:title>Abstract</jats:title><jats:p>Text</jats:p>', 'Abstract Text'],
    ['<span class="x">kept text</span>', 'kept text'],
    ['p < 0.05 and q > 2', 'p < 0.05 and q > 2'],
    ['plain', 'plain'],
  ])('%j → %j', (input, expected) => {
    expect(toCslMarkup(input)).toBe(expected);
  });
});

describe('stripMarkup', () => {
  it.each([
    ['<jats:p>One</jats:p><jats:p>Two</jats:p>', 'One Two'],
    ['Growth of <jats:italic>E. coli</jats:italic>', 'Growth of E. coli'],
    ['x<sup>2</sup>', 'x2'],
    ['a <br/> b', 'a b'],
    ['p < 0.05', 'p < 0.05'],
    ['<a >', '<a >'],
    ['  <b></b> ', '<b></b>'],
  ])('%j → %j', (input, expected) => {
    expect(stripMarkup(input)).toBe(expected);
  });
});
