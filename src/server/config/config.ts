import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseEnv } from './env';

export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseConfig;
  authSecret: string;
  publicUrl: string | undefined;
  adminEmails: string[];
  logLevel: string;
  bodyLimitBytes: number;
  authRateLimitPerMinute: number;
  runWorkers: boolean;
  queueMaintenanceSeconds: number;
  testRoutes: boolean;
  literature: {
    provider: 'local' | 'openalex';
    openAlexUrl: string;
    openAlexMailto: string | undefined;
    doiResolverUrl: string;
    corpusAutoload: boolean;
    corpusDir: string;
  };
}

const SECRET_FILE = 'auth-secret';
/** The open corpus shipped in the repository (see corpus/NOTICE.md). */
const DEFAULT_CORPUS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../corpus',
);

/**
 * The embedded mode must work with no setup, so a missing AUTH_SECRET is generated once and
 * kept beside the data; sessions then survive restarts. A server on a shared Postgres has no
 * such private directory to trust, so there the secret must be given.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const database: DatabaseConfig = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };

  let authSecret = env.AUTH_SECRET;
  if (!authSecret) {
    if (database.kind === 'postgres' && env.NODE_ENV === 'production') {
      throw new ConfigError([
        'AUTH_SECRET: required in production with DATABASE_URL (32+ random characters)',
      ]);
    }
    authSecret = loadOrCreateSecret(dataDir);
  }

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database,
    authSecret,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    adminEmails: env.ADMIN_EMAILS,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: Math.round(env.BODY_LIMIT_MB * 1024 * 1024),
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    runWorkers: env.WORKERS === 'on',
    queueMaintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
    testRoutes: env.SCRIPTOR_TEST_ROUTES === '1',
    literature: {
      provider: env.LITERATURE_PROVIDER,
      openAlexUrl: env.OPENALEX_URL,
      openAlexMailto: env.OPENALEX_MAILTO,
      doiResolverUrl: env.DOI_RESOLVER_URL,
      corpusAutoload: env.CORPUS_AUTOLOAD === 'on',
      corpusDir: env.CORPUS_DIR ? path.resolve(env.CORPUS_DIR) : DEFAULT_CORPUS_DIR,
    },
  };
}
