import { z } from 'zod';

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
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'AUTH_RATE_LIMIT_PER_MINUTE must be a number' })
    .int()
    .positive('AUTH_RATE_LIMIT_PER_MINUTE must be positive')
    .default(30),
  WORKERS: z.enum(['on', 'off'], { message: 'WORKERS must be "on" or "off"' }).default('on'),
  QUEUE_MAINTENANCE_SECONDS: z.coerce
    .number({ message: 'QUEUE_MAINTENANCE_SECONDS must be a number' })
    .int()
    .min(1, 'QUEUE_MAINTENANCE_SECONDS must be at least 1')
    .default(60),
  LITERATURE_PROVIDER: z
    .enum(['local', 'openalex'], { message: 'LITERATURE_PROVIDER must be "local" or "openalex"' })
    .default('local'),
  OPENALEX_URL: z.url('OPENALEX_URL must be a full URL').default('https://api.openalex.org'),
  OPENALEX_MAILTO: z.email('OPENALEX_MAILTO must be an e-mail address').optional(),
  DOI_RESOLVER_URL: z.url('DOI_RESOLVER_URL must be a full URL').default('https://doi.org'),
  CORPUS_DIR: z.string().min(1).optional(),
  CORPUS_AUTOLOAD: z
    .enum(['on', 'off'], { message: 'CORPUS_AUTOLOAD must be "on" or "off"' })
    .default('on'),
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
