import { describe, expect, it } from 'vitest';
import { pythonTokens } from './python-tokens';

describe('pythonTokens', () => {
  it('marks keywords, strings, comments, numbers and builtins, losing no character', () => {
    const source = 'import pandas as pd  # load\ndf = pd.read_csv("a.csv")\nprint(len(df) + 1.5e3)';
    const tokens = pythonTokens(source);
    expect(tokens.map((token) => token.text).join('')).toBe(source);
    const of = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(of('keyword')).toEqual(['import', 'as']);
    expect(of('comment')).toEqual(['# load']);
    expect(of('string')).toEqual(['"a.csv"']);
    expect(of('number')).toEqual(['1.5e3']);
    expect(of('builtin')).toEqual(['print', 'len']);
  });

  it('keeps an unterminated string to the end of its line', () => {
    const tokens = pythonTokens("x = 'open\ny = 2");
    expect(tokens.map((token) => token.text).join('')).toBe("x = 'open\ny = 2");
    expect(tokens.find((token) => token.kind === 'string')?.text).toBe("'open");
  });
});
