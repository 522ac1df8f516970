import { describe, expect, it } from 'vitest';
import { decodeLatexAccents } from './latex-accents';

describe('decodeLatexAccents', () => {
  it.each([
    ['Schr\\"odinger', 'Schrödinger'],
    ["Radi\\'c", 'Radić'],
    ["Radi\\' c", 'Radić'],
    ['{\\"u}ber', 'über'],
    ['\\v{S}ter', 'Šter'],
    ['\\c c', 'ç'],
    ['Erd\\H{o}s', 'Erdős'],
    ['\\o{}re and \\ss', 'øre and ß'],
    ['\\AA ngstr\\"om', 'Ångström'],
    ["na\\'{\\i}ve", 'naíve'],
  ])('decodes %j', (input, expected) => {
    expect(decodeLatexAccents(input)).toBe(expected);
  });

  it('leaves math and other commands alone', () => {
    const math = 'decreases from $\\frac{2}{3}$ to $\\beta \\cdot x$';
    expect(decodeLatexAccents(math)).toBe(math);
  });
});
