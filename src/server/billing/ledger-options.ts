import type { Config } from '../config/config';
import type { LedgerOptions } from './ledger';

export function ledgerOptions(config: Config): LedgerOptions {
  return { startingCreditMicros: config.billing.startingCreditMicros };
}
