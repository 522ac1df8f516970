import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { account, session, user, verification } from '../db/schema';
import type { SessionCache } from './session-cache';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/auth/sign-up-rules';

const SESSION_DAYS = 30;

/**
 * better-auth, imported and built on first use: importing it was half a second of the server's
 * start-up, before the page could answer. `load` is called while the services start, which
 * every request that reaches it waits for, so no request pays for it.
 */
export function createAuth(config: Config, db: Db, sessions: SessionCache) {
  let built: ReturnType<typeof buildAuth> | undefined;
  const auth = () => (built ??= buildAuth(config, db, sessions));
  return {
    async load(): Promise<void> {
      await auth();
    },
    async handler(request: Request): Promise<Response> {
      return (await auth()).handler(request);
    },
    api: {
      async getSession(input: { headers: Headers }) {
        return (await auth()).api.getSession(input);
      },
    },
  };
}

async function buildAuth(config: Config, db: Db, sessions: SessionCache) {
  const [{ betterAuth }, { drizzleAdapter }] = await Promise.all([
    import('better-auth'),
    import('better-auth/adapters/drizzle'),
  ]);
  // Whatever better-auth changes about a session or a user (sign-out, revoked sessions, a new
  // name, password or e-mail, a deleted account, the daily expiry refresh) runs through these
  // hooks once written, so the session guard never serves what was true before.
  const forgetSessions = { after: async () => sessions.clear() };
  return betterAuth({
    secret: config.authSecret,
    // Without PUBLIC_URL the origin is taken from each request, so a fresh clone works on
    // localhost, a LAN address or behind a proxy alike.
    baseURL: config.publicUrl ?? { allowedHosts: ['*'] },
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    // Same-origin only: the SPA and the API share one origin, so a cross-site form post is
    // never legitimate.
    trustedOrigins: (request) => {
      if (config.publicUrl) return [config.publicUrl];
      if (!request) return [];
      return [new URL(request.url).origin];
    },
    // The limits live in the Fastify routes (routes/api/auth), where they can count per
    // account as well as per client; better-auth's own (3 sign-ins per 10 s) would contradict
    // the documented AUTH_RATE_LIMIT_PER_MINUTE.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl?.startsWith('https://') ?? false,
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      session: { update: forgetSessions, delete: forgetSessions },
      user: { update: forgetSessions, delete: forgetSessions },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
