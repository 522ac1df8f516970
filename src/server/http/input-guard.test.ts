import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE, findInputProblem } from './input-guard';

function nestedArrays(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('findInputProblem', () => {
  it('passes ordinary input', () => {
    expect(
      findInputProblem({ title: 'A', citations: [{ authors: [{ family: 'B' }] }] }),
    ).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it('names where a NUL character is, in a value or a key', () => {
    expect(findInputProblem({ a: [{ b: 'x\0' }] })).toBe(`a.0.b: ${NUL_MESSAGE}`);
    expect(findInputProblem({ a: { ['k\0']: 1 } })).toBe(`a: ${NUL_MESSAGE}`);
    expect(findInputProblem('raw\0text')).toBe(NUL_MESSAGE);
  });

  it(`allows ${MAX_INPUT_DEPTH} levels of nesting and no more`, () => {
    expect(findInputProblem(nestedArrays(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(nestedArrays(MAX_INPUT_DEPTH + 1))).toBe(TOO_DEEP_MESSAGE);
    expect(findInputProblem(nestedArrays(5000))).toBe(TOO_DEEP_MESSAGE);
  });
});
