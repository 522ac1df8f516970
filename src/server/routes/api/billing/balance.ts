import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { isFreeTier } from '../../../billing/free-tier';
import { listEntries, readAccount } from '../../../billing/ledger';
import { ledgerOptions } from '../../../billing/ledger-options';
import { parseWith } from '../../../http/http-error';
import { presentBillingEntry } from '../../../presenters/billing-entry';
import { microsToDollars } from '../../../../shared/billing/money';
import { historyQuery } from './schema';

/** The signed-in user's balance (001 §7, polled every 30 s), history and billing settings. */
export const balanceRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { config, database } = context;

  app.get('/user/balance', async (request) => {
    const account = await readAccount(database.db, request.user.id, ledgerOptions(config));
    return { balance: microsToDollars(account.balanceMicros) };
  });

  app.get('/user/billing-history', async (request) => {
    const query = parseWith(historyQuery, request.query);
    // Opening the history is a first use too: the starting credit is its first line.
    await readAccount(database.db, request.user.id, ledgerOptions(config));
    const entries = await listEntries(database.db, request.user.id, {
      limit: query.limit,
      before: query.before,
    });
    return {
      entries: entries.map(presentBillingEntry),
      nextBefore: entries.length === query.limit ? (entries.at(-1)?.seq ?? null) : null,
    };
  });

  app.get('/billing/info', async (request) => ({
    enabled: config.billing.enabled,
    payments: config.billing.stripe ? 'stripe' : 'manual',
    topUpAmounts: config.billing.topUpAmountsMicros.map(microsToDollars),
    startingCredit: microsToDollars(config.billing.startingCreditMicros),
    isAdmin: request.user.isAdmin,
    isFreeTier: await isFreeTier(context, request.user.id),
  }));
};
