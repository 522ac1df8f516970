import { describe, expect, it } from 'vitest';
import { mathSegments, type MathSegment } from './math-segments';

const text = (value: string): MathSegment => ({ kind: 'text', text: value });
const math = (latex: string): MathSegment => ({ kind: 'math', latex });

describe('mathSegments', () => {
  it.each<[string, MathSegment[]]>([
    ['Sleep and memory', [text('Sleep and memory')]],
    [
      'many hypotheses $\\times$ many genes',
      [text('many hypotheses '), math('\\times'), text(' many genes')],
    ],
    ['$\\alpha$-synuclein', [math('\\alpha'), text('-synuclein')]],
    ['energy $$E = mc^2$$ here', [text('energy '), math('E = mc^2'), text(' here')]],
    ['with \\(x^2\\) inline', [text('with '), math('x^2'), text(' inline')]],
    ['display \\[\\sum_i x_i\\]', [text('display '), math('\\sum_i x_i')]],
    ['costs $5 to $10 each', [text('costs $5 to $10 each')]],
    ['a $ b $ c', [text('a $ b $ c')]],
    ['escaped \\$x\\$ stays', [text('escaped $x$ stays')]],
    ['an unclosed $x and more', [text('an unclosed $x and more')]],
    ['$x$$y$', [math('x'), math('y')]],
    ['empty $$ here', [text('empty $$ here')]],
    ['', []],
  ])('%s', (input, expected) => {
    expect(mathSegments(input)).toEqual(expected);
  });
});
