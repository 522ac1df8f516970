import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseEnv, type Env, type LiteratureSourceId } from './env';
import { analysisConfig, type AnalysisConfig } from '../analysis/analysis-config';

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
  /** Set when several web processes serve: live documents are relayed through this Redis. */
  redisUrl: string | undefined;
  adminEmails: string[];
  logLevel: string;
  bodyLimitBytes: number;
  authRateLimitPerMinute: number;
  /** Requests per minute and user to the routes that call a model (docs/ai-api.md). */
  aiRateLimitPerMinute: number;
  /** Addresses or CIDR ranges whose X-Forwarded-* headers are believed; empty: none. */
  trustedProxies: string[];
  failedSignInsPerAccount: number;
  signUpsPerHour: number;
  runWorkers: boolean;
  queueMaintenanceSeconds: number;
  /** How long a shutting-down server lets open requests finish before it closes their sockets. */
  shutdownGraceMs: number;
  /** Jobs of one type a process runs at once, shared fairly between users (JOB_CONCURRENCY). */
  jobConcurrency: number;
  testRoutes: boolean;
  /** The data analysis sandbox (src/server/analysis, docs/data-analysis.md). */
  analysis: AnalysisConfig;
  uploads: { maxBytes: number; conversionTimeoutMs: number; conversionMemoryMb: number };
  billing: BillingConfig;
  literature: {
    provider: 'federated' | 'local' | 'openalex';
    /** The sources a federated search asks, in the order the References pane names them. */
    sources: LiteratureSourceId[];
    sourceTimeoutMs: number;
    /** How long an unreachable source is skipped before a background probe (doubling to 10×). */
    sourceBackoffMs: number;
    cacheMs: number;
    openAlexUrl: string;
    openAlexMailto: string | undefined;
    crossrefUrl: string;
    crossrefMailto: string | undefined;
    pubMedUrl: string;
    pubMedApiKey: string | undefined;
    arxivUrl: string;
    semanticScholarUrl: string;
    semanticScholarApiKey: string | undefined;
    openSearch: { url: string; index: string } | null;
    web:
      | { kind: 'off' }
      | { kind: 'searxng'; url: string }
      | { kind: 'brave'; url: string; apiKey: string };
    doiResolverUrl: string;
    corpusAutoload: boolean;
    corpusDir: string;
  };
  ai: AiConfig;
  export: {
    chromiumPath: string;
    timeoutMs: number;
    /** Longest PDF printed, in pages, estimated from the laid-out page before printing. */
    maxPages: number;
    /** Exports one user may run at the same time. */
    perUser: number;
    /** Pages the export Chromium renders at once (all users); further exports wait a turn. */
    browserPages: number;
  };
}

export interface AiConfig {
  /** The OpenAI-compatible endpoint, set when OPENAI_BASE_URL or OPENAI_API_KEY is. */
  openai: { baseUrl: string; apiKey: string | undefined } | null;
  anthropic: { apiKey: string; baseUrl: string | undefined } | null;
  defaultModel: string | undefined;
  /** The administrator's model catalogue (JSON); it may not exist. */
  modelsFile: string;
}

export interface BillingConfig {
  /** BILLING=off: nothing is charged, balances and free-tier limits are hidden. */
  enabled: boolean;
  startingCreditMicros: number;
  /** The only amounts a Top Up may choose from; the client sends an index into this list. */
  topUpAmountsMicros: number[];
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
}

const SECRET_FILE = 'auth-secret';
const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';

/**
 * Every open source by default; under NODE_ENV=test only the local library, so no test can
 * reach the internet unless it points a source at a fake.
 */
const DEFAULT_SOURCES: LiteratureSourceId[] = [
  'local',
  'openalex',
  'crossref',
  'pubmed',
  'arxiv',
  'semanticscholar',
];

function literatureSources(env: Env): LiteratureSourceId[] {
  const sources = env.LITERATURE_SOURCES ?? (env.NODE_ENV === 'test' ? ['local'] : DEFAULT_SOURCES);
  if (sources.includes('opensearch') && !env.OPENSEARCH_URL) {
    throw new ConfigError(['LITERATURE_SOURCES: the opensearch source needs OPENSEARCH_URL']);
  }
  return [...new Set(sources)];
}

function webSearch(env: Env): Config['literature']['web'] {
  if (env.WEB_SEARCH === 'searxng') {
    if (!env.SEARXNG_URL) throw new ConfigError(['SEARXNG_URL: required with WEB_SEARCH=searxng']);
    return { kind: 'searxng', url: env.SEARXNG_URL };
  }
  if (env.WEB_SEARCH === 'brave') {
    if (!env.BRAVE_SEARCH_API_KEY) {
      throw new ConfigError(['BRAVE_SEARCH_API_KEY: required with WEB_SEARCH=brave']);
    }
    return { kind: 'brave', url: env.BRAVE_SEARCH_URL, apiKey: env.BRAVE_SEARCH_API_KEY };
  }
  return { kind: 'off' };
}
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

  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments, or neither',
    ]);
  }

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database,
    authSecret,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    redisUrl: env.REDIS_URL,
    adminEmails: env.ADMIN_EMAILS,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: Math.round(env.BODY_LIMIT_MB * 1024 * 1024),
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    aiRateLimitPerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
    trustedProxies: env.TRUSTED_PROXIES,
    failedSignInsPerAccount: env.AUTH_FAILED_SIGNIN_LIMIT,
    signUpsPerHour: env.AUTH_SIGNUPS_PER_HOUR,
    runWorkers: env.WORKERS === 'on',
    queueMaintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
    shutdownGraceMs: Math.round(env.SHUTDOWN_GRACE_SECONDS * 1000),
    jobConcurrency: env.JOB_CONCURRENCY,
    testRoutes: env.SCRIPTOR_TEST_ROUTES === '1',
    analysis: analysisConfig(source),
    uploads: {
      maxBytes: Math.round(env.UPLOAD_MAX_MB * 1024 * 1024),
      conversionTimeoutMs: Math.round(env.CONVERSION_TIMEOUT_SECONDS * 1000),
      conversionMemoryMb: env.CONVERSION_MEMORY_MB,
    },
    billing: {
      enabled: env.BILLING === 'on',
      startingCreditMicros: env.STARTING_CREDIT_USD,
      topUpAmountsMicros: env.TOP_UP_AMOUNTS_USD,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiBase: env.STRIPE_API_BASE,
            }
          : undefined,
    },
    literature: {
      provider: env.LITERATURE_PROVIDER,
      sources: literatureSources(env),
      sourceTimeoutMs: env.LITERATURE_SOURCE_TIMEOUT_MS,
      sourceBackoffMs: env.LITERATURE_SOURCE_BACKOFF_MS,
      cacheMs: Math.round(env.LITERATURE_CACHE_MINUTES * 60_000),
      openAlexUrl: env.OPENALEX_URL,
      openAlexMailto: env.OPENALEX_MAILTO,
      crossrefUrl: env.CROSSREF_URL,
      crossrefMailto: env.CROSSREF_MAILTO ?? env.OPENALEX_MAILTO,
      pubMedUrl: env.PUBMED_URL,
      pubMedApiKey: env.PUBMED_API_KEY,
      arxivUrl: env.ARXIV_URL,
      semanticScholarUrl: env.SEMANTIC_SCHOLAR_URL,
      semanticScholarApiKey: env.SEMANTIC_SCHOLAR_API_KEY,
      openSearch: env.OPENSEARCH_URL
        ? { url: env.OPENSEARCH_URL, index: env.OPENSEARCH_INDEX }
        : null,
      web: webSearch(env),
      doiResolverUrl: env.DOI_RESOLVER_URL,
      corpusAutoload: env.CORPUS_AUTOLOAD === 'on',
      corpusDir: env.CORPUS_DIR ? path.resolve(env.CORPUS_DIR) : DEFAULT_CORPUS_DIR,
    },
    ai: {
      openai:
        env.OPENAI_BASE_URL || env.OPENAI_API_KEY
          ? {
              baseUrl: (env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_URL).replace(/\/$/, ''),
              apiKey: env.OPENAI_API_KEY,
            }
          : null,
      anthropic: env.ANTHROPIC_API_KEY
        ? { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL }
        : null,
      defaultModel: env.DEFAULT_MODEL,
      modelsFile: path.resolve(env.MODELS_FILE ?? path.join(dataDir, 'models.json')),
    },
    export: {
      chromiumPath: env.CHROMIUM_PATH,
      timeoutMs: env.EXPORT_TIMEOUT_SECONDS * 1000,
      maxPages: env.EXPORT_MAX_PAGES,
      perUser: env.EXPORTS_PER_USER,
      browserPages: env.EXPORT_BROWSER_PAGES,
    },
  };
}
