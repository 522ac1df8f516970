/**
 * Money is kept as integer micro-dollars (1 USD = 1,000,000) so sums of per-section prices
 * such as $0.015 are exact; dollars appear only at the edges (API answers, input, display).
 */
export const MICROS_PER_DOLLAR = 1_000_000;
const MICROS_PER_CENT = 10_000;

/** The price of a section or chat message when a model's cost is unknown (001 §9, 002 §9). */
export const DEFAULT_COST_PER_SECTION_USD = 0.05;

export function microsToDollars(micros: number): number {
  return micros / MICROS_PER_DOLLAR;
}

/** Dollars with up to 6 decimals (a model price) to micros, rounded to the nearest micro. */
export function dollarsToMicros(dollars: number): number {
  return Math.round(dollars * MICROS_PER_DOLLAR);
}

export type ParsedAmount = { ok: true; micros: number } | { ok: false; error: string };

const AMOUNT_PATTERN = /^\d+(\.\d+)?$/;

/**
 * A credit amount typed by a person (admin grant, CLI, configuration): whole cents, not
 * negative, not more than `maxDollars`. Strings are parsed digit by digit, never through
 * floating point, so "0.29" is exactly 290,000 micros.
 */
export function parseDollarAmount(
  input: string | number,
  { allowZero = false, maxDollars = 100_000 } = {},
): ParsedAmount {
  const text = String(input).trim().replace(/^\$/, '');
  if (text.startsWith('-')) return { ok: false, error: 'Amount cannot be negative' };
  if (!AMOUNT_PATTERN.test(text)) {
    return { ok: false, error: 'Amount must be a number of dollars, such as 10 or 2.50' };
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.replace(/0+$/, '').length > 2) {
    return { ok: false, error: 'Amount cannot contain a fraction of a cent' };
  }
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > maxDollars * 100) {
    return {
      ok: false,
      error: `Amount cannot be more than $${maxDollars.toLocaleString('en-US')}`,
    };
  }
  if (cents === 0 && !allowZero) return { ok: false, error: 'Amount must be more than $0' };
  return { ok: true, micros: cents * MICROS_PER_CENT };
}

/**
 * "$1.05": two decimals as the spec shows prices and balances, more only when a price has
 * fractions of a cent ("$0.015"), so a per-section cost is never rounded away.
 */
export function formatDollars(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const absolute = Math.abs(dollars);
  const cents = Math.round(absolute * 100) / 100;
  const digits = Math.abs(absolute - cents) < 1e-9 ? 2 : Math.min(6, decimalsOf(absolute));
  return `${sign}$${absolute.toFixed(digits)}`;
}

function decimalsOf(value: number): number {
  const text = value.toFixed(6).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.max(2, text.length - dot - 1);
}

/** "1 structure generation plus 20 sections" (002 §1, §9). */
export const EXAMPLE_PAPER_UNITS = 21;

/**
 * The typical paper's cost, EXAMPLE_PAPER_UNITS times the cost per section, as "$0.95": exact
 * in micros and rounded half up to the cent, so 21 × $0.045 is $0.95 (in floating point 0.945
 * is just below and toFixed(2) gives $0.94).
 */
export function formatExamplePaperCost(costPerSection: number): string {
  const micros = EXAMPLE_PAPER_UNITS * dollarsToMicros(costPerSection);
  const cents = Math.round(micros / MICROS_PER_CENT);
  return `$${(cents / 100).toFixed(2)}`;
}
