import { describe, expect, it } from 'vitest';
import {
  dollarsToMicros,
  formatDollars,
  formatExamplePaperCost,
  microsToDollars,
  parseDollarAmount,
} from './money';

describe('parseDollarAmount', () => {
  it('parses whole dollars and cents exactly', () => {
    expect(parseDollarAmount('10')).toEqual({ ok: true, micros: 10_000_000 });
    expect(parseDollarAmount('2.5')).toEqual({ ok: true, micros: 2_500_000 });
    expect(parseDollarAmount('0.29')).toEqual({ ok: true, micros: 290_000 });
    expect(parseDollarAmount('$1.10')).toEqual({ ok: true, micros: 1_100_000 });
    expect(parseDollarAmount(' 3.000 ')).toEqual({ ok: true, micros: 3_000_000 });
    expect(parseDollarAmount(7)).toEqual({ ok: true, micros: 7_000_000 });
  });

  it('refuses negative, fractional-cent, non-numeric, zero and huge amounts', () => {
    expect(parseDollarAmount('-5')).toEqual({ ok: false, error: 'Amount cannot be negative' });
    expect(parseDollarAmount('0.001')).toEqual({
      ok: false,
      error: 'Amount cannot contain a fraction of a cent',
    });
    expect(parseDollarAmount('ten')).toMatchObject({
      ok: false,
      error: 'Amount must be a number of dollars, such as 10 or 2.50',
    });
    expect(parseDollarAmount('1e3')).toMatchObject({ ok: false });
    expect(parseDollarAmount('')).toMatchObject({ ok: false });
    expect(parseDollarAmount('0')).toEqual({ ok: false, error: 'Amount must be more than $0' });
    expect(parseDollarAmount('0', { allowZero: true })).toEqual({ ok: true, micros: 0 });
    expect(parseDollarAmount('100001')).toEqual({
      ok: false,
      error: 'Amount cannot be more than $100,000',
    });
  });
});

describe('micro-dollar arithmetic', () => {
  it('keeps sums of sub-cent prices exact', () => {
    const price = dollarsToMicros(0.015);
    expect(price).toBe(15_000);
    let balance = dollarsToMicros(1);
    for (let i = 0; i < 66; i += 1) balance -= price;
    expect(balance).toBe(10_000);
    expect(microsToDollars(balance)).toBe(0.01);
    expect(dollarsToMicros(0.1) + dollarsToMicros(0.2)).toBe(dollarsToMicros(0.3));
  });
});

describe('formatDollars', () => {
  it('shows two decimals, more only for sub-cent prices', () => {
    expect(formatDollars(1.05)).toBe('$1.05');
    expect(formatDollars(21 * 0.05)).toBe('$1.05');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(0.015)).toBe('$0.015');
    expect(formatDollars(-0.05)).toBe('-$0.05');
    expect(formatDollars(12)).toBe('$12.00');
  });
});

describe('formatExamplePaperCost', () => {
  it('is 21 times the cost per section, rounded half up to 2 decimals', () => {
    expect(formatExamplePaperCost(0.02)).toBe('$0.42');
    expect(formatExamplePaperCost(0.15)).toBe('$3.15');
    expect(formatExamplePaperCost(0.045)).toBe('$0.95');
    expect(formatExamplePaperCost(0.065)).toBe('$1.37');
    expect(formatExamplePaperCost(0.005)).toBe('$0.11');
    expect(formatExamplePaperCost(0.0025)).toBe('$0.05');
    expect(formatExamplePaperCost(0)).toBe('$0.00');
    expect(formatExamplePaperCost(2)).toBe('$42.00');
  });
});
