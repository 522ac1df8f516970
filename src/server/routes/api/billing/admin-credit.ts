import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { grantCredit } from '../../../billing/grant-credit';
import { ledgerOptions } from '../../../billing/ledger-options';
import { billingAccounts, user } from '../../../db/schema';
import { HttpError, parseWith } from '../../../http/http-error';
import { microsToDollars } from '../../../../shared/billing/money';
import { adminUsersQuery, grantBody } from './schema';

/** The administrators' credit screen: find accounts and grant credit (ADMIN_EMAILS only). */
export const adminCreditRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database },
) => {
  app.addHook('preHandler', async (request) => {
    if (!request.user.isAdmin) throw new HttpError(403, 'Only administrators can do this');
  });

  app.get('/admin/users', async (request) => {
    const { search } = parseWith(adminUsersQuery, request.query);
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const rows = await database.db
      .select({
        email: user.email,
        name: user.name,
        balanceMicros: billingAccounts.balanceMicros,
        hasPaid: billingAccounts.hasPaid,
      })
      .from(user)
      .leftJoin(billingAccounts, eq(billingAccounts.userId, user.id))
      .where(search ? ilike(user.email, pattern) : sql`true`)
      .orderBy(asc(user.email))
      .limit(50);
    return {
      users: rows.map((row) => ({
        email: row.email,
        name: row.name,
        // An account not touched yet will receive the starting credit on first use.
        balance: microsToDollars(row.balanceMicros ?? config.billing.startingCreditMicros),
        hasPaid: row.hasPaid ?? false,
      })),
    };
  });

  app.post('/admin/credit', async (request) => {
    const body = parseWith(grantBody, request.body);
    return grantCredit(database.db, ledgerOptions(config), {
      ...body,
      grantedBy: request.user.email,
    });
  });
};
