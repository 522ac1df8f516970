import { z } from 'zod';
import { isProxyAddress } from './proxy-address';
import { dollarListSetting, dollarSetting } from './money-settings';

/** The literature sources a federated search can ask (LITERATURE_SOURCES). */
export const LITERATURE_SOURCE_IDS = [
  'local',
  'openalex',
  'crossref',
  'pubmed',
  'arxiv',
  'semanticscholar',
  'opensearch',
] as const;
export type LiteratureSourceId = (typeof LITERATURE_SOURCE_IDS)[number];

/**
 * Every setting Scriptor reads from the environment, validated once at start-up so a wrong
 * value stops the server with a message naming the variable instead of failing later.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters long').optional(),
  REDIS_URL: z.url('REDIS_URL must be a URL such as redis://127.0.0.1:6379').optional(),
  PUBLIC_URL: z
    .url('PUBLIC_URL must be a full URL such as https://scriptor.example.org')
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('ADMIN_EMAILS must be a comma-separated list of e-mail addresses'))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_MB: z.coerce
    .number({ message: 'BODY_LIMIT_MB must be a number' })
    .positive('BODY_LIMIT_MB must be positive')
    .max(200, 'BODY_LIMIT_MB must be at most 200')
    .default(25),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine(isProxyAddress, {
          message:
            'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges (e.g. 10.0.0.1, 172.16.0.0/12)',
        }),
      ),
    ),
  AUTH_FAILED_SIGNIN_LIMIT: z.coerce
    .number({ message: 'AUTH_FAILED_SIGNIN_LIMIT must be a number' })
    .int('AUTH_FAILED_SIGNIN_LIMIT must be a whole number')
    .positive('AUTH_FAILED_SIGNIN_LIMIT must be positive')
    .default(10),
  AUTH_SIGNUPS_PER_HOUR: z.coerce
    .number({ message: 'AUTH_SIGNUPS_PER_HOUR must be a number' })
    .int('AUTH_SIGNUPS_PER_HOUR must be a whole number')
    .positive('AUTH_SIGNUPS_PER_HOUR must be positive')
    .default(20),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'AUTH_RATE_LIMIT_PER_MINUTE must be a number' })
    .int()
    .positive('AUTH_RATE_LIMIT_PER_MINUTE must be positive')
    .default(30),
  AI_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'AI_RATE_LIMIT_PER_MINUTE must be a number' })
    .int('AI_RATE_LIMIT_PER_MINUTE must be a whole number')
    .positive('AI_RATE_LIMIT_PER_MINUTE must be positive')
    .default(20),
  WORKERS: z.enum(['on', 'off'], { message: 'WORKERS must be "on" or "off"' }).default('on'),
  JOB_CONCURRENCY: z.coerce
    .number({ message: 'JOB_CONCURRENCY must be a number' })
    .int('JOB_CONCURRENCY must be a whole number')
    .min(1, 'JOB_CONCURRENCY must be at least 1')
    .max(64, 'JOB_CONCURRENCY must be at most 64')
    .default(4),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ message: 'SHUTDOWN_GRACE_SECONDS must be a number' })
    .min(0, 'SHUTDOWN_GRACE_SECONDS must be at least 0')
    .max(600, 'SHUTDOWN_GRACE_SECONDS must be at most 600')
    .default(10),
  QUEUE_MAINTENANCE_SECONDS: z.coerce
    .number({ message: 'QUEUE_MAINTENANCE_SECONDS must be a number' })
    .int()
    .min(1, 'QUEUE_MAINTENANCE_SECONDS must be at least 1')
    .default(60),
  LITERATURE_PROVIDER: z
    .enum(['federated', 'local', 'openalex'], {
      message: 'LITERATURE_PROVIDER must be "federated", "local" or "openalex"',
    })
    .default('federated'),
  LITERATURE_SOURCES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((source) => source.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(LITERATURE_SOURCE_IDS, {
          message: `LITERATURE_SOURCES must be a comma-separated list of ${LITERATURE_SOURCE_IDS.join(', ')}`,
        }),
      ),
    )
    .optional(),
  LITERATURE_SOURCE_TIMEOUT_MS: z.coerce
    .number({ message: 'LITERATURE_SOURCE_TIMEOUT_MS must be a number' })
    .int()
    .min(100, 'LITERATURE_SOURCE_TIMEOUT_MS must be at least 100')
    .max(120_000, 'LITERATURE_SOURCE_TIMEOUT_MS must be at most 120000')
    .default(8000),
  LITERATURE_SOURCE_BACKOFF_MS: z.coerce
    .number({ message: 'LITERATURE_SOURCE_BACKOFF_MS must be a number' })
    .int()
    .min(0, 'LITERATURE_SOURCE_BACKOFF_MS must be 0 or more')
    .max(3_600_000, 'LITERATURE_SOURCE_BACKOFF_MS must be at most 3600000')
    .default(60_000),
  LITERATURE_CACHE_MINUTES: z.coerce
    .number({ message: 'LITERATURE_CACHE_MINUTES must be a number' })
    .min(0, 'LITERATURE_CACHE_MINUTES must be 0 or more')
    .default(60),
  CROSSREF_URL: z.url('CROSSREF_URL must be a full URL').default('https://api.crossref.org'),
  CROSSREF_MAILTO: z.email('CROSSREF_MAILTO must be an e-mail address').optional(),
  PUBMED_URL: z
    .url('PUBMED_URL must be a full URL')
    .default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
  PUBMED_API_KEY: z.string().optional(),
  ARXIV_URL: z.url('ARXIV_URL must be a full URL').default('https://export.arxiv.org/api'),
  SEMANTIC_SCHOLAR_URL: z
    .url('SEMANTIC_SCHOLAR_URL must be a full URL')
    .default('https://api.semanticscholar.org/graph/v1'),
  SEMANTIC_SCHOLAR_API_KEY: z.string().optional(),
  OPENSEARCH_URL: z.url('OPENSEARCH_URL must be a full URL').optional(),
  OPENSEARCH_INDEX: z.string().min(1).default('scriptor-works'),
  WEB_SEARCH: z
    .enum(['off', 'searxng', 'brave'], {
      message: 'WEB_SEARCH must be "off", "searxng" or "brave"',
    })
    .default('off'),
  SEARXNG_URL: z.url('SEARXNG_URL must be a full URL').optional(),
  BRAVE_SEARCH_URL: z
    .url('BRAVE_SEARCH_URL must be a full URL')
    .default('https://api.search.brave.com/res/v1'),
  BRAVE_SEARCH_API_KEY: z.string().optional(),
  OPENALEX_URL: z.url('OPENALEX_URL must be a full URL').default('https://api.openalex.org'),
  OPENALEX_MAILTO: z.email('OPENALEX_MAILTO must be an e-mail address').optional(),
  DOI_RESOLVER_URL: z.url('DOI_RESOLVER_URL must be a full URL').default('https://doi.org'),
  CORPUS_DIR: z.string().min(1).optional(),
  CORPUS_AUTOLOAD: z
    .enum(['on', 'off'], { message: 'CORPUS_AUTOLOAD must be "on" or "off"' })
    .default('on'),
  BILLING: z.enum(['on', 'off'], { message: 'BILLING must be "on" or "off"' }).default('on'),
  STARTING_CREDIT_USD: dollarSetting('STARTING_CREDIT_USD', '1.00'),
  TOP_UP_AMOUNTS_USD: dollarListSetting('TOP_UP_AMOUNTS_USD', '5,10,20,50'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: z
    .url('STRIPE_API_BASE must be a full URL such as https://api.stripe.com')
    .optional(),
  OPENAI_BASE_URL: z
    .url('OPENAI_BASE_URL must be a full URL such as http://localhost:11434/v1')
    .optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.url('ANTHROPIC_BASE_URL must be a full URL').optional(),
  DEFAULT_MODEL: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]*:.+$/,
      'DEFAULT_MODEL must be provider-qualified, e.g. openai:gpt-4o-mini',
    )
    .optional(),
  MODELS_FILE: z.string().min(1).optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  EXPORT_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'EXPORT_TIMEOUT_SECONDS must be a number' })
    .int()
    .min(5, 'EXPORT_TIMEOUT_SECONDS must be at least 5')
    .max(600, 'EXPORT_TIMEOUT_SECONDS must be at most 600')
    .default(60),
  EXPORT_MAX_PAGES: z.coerce
    .number({ message: 'EXPORT_MAX_PAGES must be a number' })
    .int()
    .min(1, 'EXPORT_MAX_PAGES must be at least 1')
    .default(1000),
  EXPORT_BROWSER_PAGES: z.coerce
    .number({ message: 'EXPORT_BROWSER_PAGES must be a number' })
    .int()
    .min(1, 'EXPORT_BROWSER_PAGES must be at least 1')
    .max(32, 'EXPORT_BROWSER_PAGES must be at most 32')
    .default(2),
  EXPORTS_PER_USER: z.coerce
    .number({ message: 'EXPORTS_PER_USER must be a number' })
    .int()
    .min(1, 'EXPORTS_PER_USER must be at least 1')
    .default(2),
  UPLOAD_MAX_MB: z.coerce
    .number({ message: 'UPLOAD_MAX_MB must be a number' })
    .positive('UPLOAD_MAX_MB must be positive')
    .max(100, 'UPLOAD_MAX_MB must be at most 100')
    .default(20),
  CONVERSION_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'CONVERSION_TIMEOUT_SECONDS must be a number' })
    .positive('CONVERSION_TIMEOUT_SECONDS must be positive')
    .default(120),
  CONVERSION_MEMORY_MB: z.coerce
    .number({ message: 'CONVERSION_MEMORY_MB must be a number' })
    .int()
    .min(128, 'CONVERSION_MEMORY_MB must be at least 128')
    .default(1024),
  SCRIPTOR_TEST_ROUTES: z
    .enum(['0', '1'], { message: 'SCRIPTOR_TEST_ROUTES must be 0 or 1' })
    .default('0'),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // Empty strings come from `FOO= npm start` and mean "not set".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  return result.data;
}
