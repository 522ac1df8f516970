import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { user } from '../db/schema';
import { readAccount } from './ledger';
import { ledgerOptions } from './ledger-options';

/**
 * Whether a user is on the free tier (002 §6: only free_tier models, no web search): an
 * account that has never paid through a top-up. Administrators and every user of a server
 * with BILLING=off are never limited.
 */
export async function isFreeTier(
  context: Pick<AppContext, 'config' | 'database'>,
  userId: string,
): Promise<boolean> {
  const { config, database } = context;
  if (!config.billing.enabled) return false;
  const [row] = await database.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return true;
  if (config.adminEmails.includes(row.email.toLowerCase())) return false;
  const account = await readAccount(database.db, userId, ledgerOptions(config));
  return !account.hasPaid;
}
