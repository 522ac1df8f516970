import { describe, expect, it } from 'vitest';
import { type WrittenDelimiter, ambiguousSpans } from './delimiter-runs';

function delimiter(
  output: string,
  at: number,
  text: string,
  role: 'open' | 'close',
  span: number,
): WrittenDelimiter {
  expect(output.slice(at, at + text.length)).toBe(text);
  return {
    start: at,
    end: at + text.length,
    char: text[0] as string,
    role,
    span,
    endsLabel: false,
  };
}

describe('ambiguousSpans', () => {
  it('accepts emphasis between spaces and words', () => {
    const output = 'a **b** c';
    expect(
      ambiguousSpans(output, [
        delimiter(output, 2, '**', 'open', 0),
        delimiter(output, 5, '**', 'close', 0),
      ]),
    ).toEqual(new Set());
  });

  it('flags a delimiter that could both open and close', () => {
    const output = 'a**b**c';
    expect(
      ambiguousSpans(output, [
        delimiter(output, 1, '**', 'open', 0),
        delimiter(output, 4, '**', 'close', 0),
      ]),
    ).toEqual(new Set([0]));
  });

  it('flags an opener that cannot open', () => {
    const output = 'x**(y)** z';
    expect(
      ambiguousSpans(output, [
        delimiter(output, 1, '**', 'open', 3),
        delimiter(output, 6, '**', 'close', 3),
      ]),
    ).toEqual(new Set([3]));
  });

  it('judges adjacent delimiters of one character as one run', () => {
    const output = '***a*** b';
    const runs = [
      delimiter(output, 0, '**', 'open', 0),
      delimiter(output, 2, '*', 'open', 1),
      delimiter(output, 4, '*', 'close', 1),
      delimiter(output, 5, '**', 'close', 0),
    ];
    expect(ambiguousSpans(output, runs)).toEqual(new Set());
  });

  it('treats the end of a label as whitespace', () => {
    const output = '[**a**](u)';
    const close = { ...delimiter(output, 4, '**', 'close', 0), endsLabel: true };
    expect(ambiguousSpans(output, [delimiter(output, 1, '**', 'open', 0), close])).toEqual(
      new Set(),
    );
  });
});
