import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Ludwig', 'L.'],
    ['Kirk Warren', 'K. W.'],
    ['Jean-Paul', 'J.-P.'],
    ['John-Ronald Reuel', 'J.-R. R.'],
    ['Jean Paul Marie', 'J. P. M.'],
    ['J.', 'J.'],
    ['J. R. R.', 'J. R. R.'],
    ['J.R.R.', 'J. R. R.'],
    ['J.-P.', 'J.-P.'],
    ['Hans-J.', 'H.-J.'],
    ['JRR', 'J. R. R.'],
    ['JA', 'J. A.'],
    ['Émile', 'É.'],
    ['Ø. Anne', 'Ø. A.'],
    ['Ana María', 'A. M.'],
    ["D'Arcy", 'D.'],
    ['jean', 'J.'],
    ['Mary-kate', 'M.-K.'],
    ['', ''],
  ])('%j → %j', (given, expected) => {
    expect(initialsOf(given)).toBe(expected);
  });
});
