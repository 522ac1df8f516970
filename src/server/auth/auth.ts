import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { account, session, user, verification } from '../db/schema';

const SESSION_DAYS = 30;

export function createAuth(config: Config, db: Db) {
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
      minPasswordLength: 8,
      maxPasswordLength: 128,
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
    rateLimit: {
      enabled: config.env !== 'test',
      window: 60,
      max: config.authRateLimitPerMinute,
      // Reading the session is not a credential attempt (see routes/api/auth.ts).
      customRules: { '/get-session': false },
    },
    advanced: {
      useSecureCookies: config.publicUrl?.startsWith('https://') ?? false,
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
