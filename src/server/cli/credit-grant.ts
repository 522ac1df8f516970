import { randomUUID } from 'node:crypto';
import { grantCredit } from '../billing/grant-credit';
import { ledgerOptions } from '../billing/ledger-options';
import { openDatabase } from '../db/database';
import { HttpError } from '../http/http-error';
import { loadConfigOrExit } from '../process-setup';
import { formatDollars } from '../../shared/billing/money';

const USAGE =
  'Usage: npm run credit:grant -- EMAIL AMOUNT [--paid]   (AMOUNT in dollars, e.g. 10 or 2.50)';

/**
 * `npm run credit:grant -- ada@example.org 10`: adds credit to an account, as the admin
 * screen does. `--paid` records money received outside Stripe, which lifts the free tier.
 * With the embedded database, stop the server first (one process at a time) or use the
 * admin screen.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const paid = args.includes('--paid');
  const [email, amount, ...rest] = args.filter((arg) => arg !== '--paid');
  if (!email || amount === undefined || rest.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const database = openDatabase(config.database);
  await database.migrate();
  try {
    const result = await grantCredit(database.db, ledgerOptions(config), {
      email,
      amount,
      paid,
      grantedBy: 'the command line',
      requestId: randomUUID(),
    });
    console.log(
      `Granted ${formatDollars(result.amount)} to ${result.email}${paid ? ' as a payment' : ''}. ` +
        `New balance: ${formatDollars(result.balance)}.`,
    );
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.error(`Refused: ${error.message}`);
    await database.close();
    process.exit(2);
  }
  await database.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
