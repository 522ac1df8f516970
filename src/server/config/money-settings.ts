import { z } from 'zod';
import { parseDollarAmount } from '../../shared/billing/money';

/** A dollar amount setting (e.g. STARTING_CREDIT_USD=1.00), validated to whole cents → micros. */
export function dollarSetting(name: string, fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const parsed = parseDollarAmount(value, { allowZero: true });
      if (parsed.ok) return parsed.micros;
      context.addIssue({ code: 'custom', message: `${name}: ${parsed.error}` });
      return z.NEVER;
    });
}

/** A comma-separated list of dollar amounts (TOP_UP_AMOUNTS_USD=5,10,20,50) → micros, ascending. */
export function dollarListSetting(name: string, fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const amounts: number[] = [];
      for (const part of value.split(',').map((item) => item.trim())) {
        const parsed = parseDollarAmount(part, { maxDollars: 10_000 });
        if (!parsed.ok) {
          context.addIssue({ code: 'custom', message: `${name}: "${part}": ${parsed.error}` });
          return z.NEVER;
        }
        amounts.push(parsed.micros);
      }
      return [...new Set(amounts)].sort((a, b) => a - b);
    });
}
