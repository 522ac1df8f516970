import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('splits and lower-cases ADMIN_EMAILS', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ada@Example.org, bob@example.org ,' }).ADMIN_EMAILS).toEqual([
      'ada@example.org',
      'bob@example.org',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: PORT must be a number'],
    [{ PORT: '70000' }, 'PORT: PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: DATABASE_URL must start with postgres://'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: AUTH_SECRET must be at least 32 characters long'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL: PUBLIC_URL must be a full URL'],
    [{ ADMIN_EMAILS: 'root' }, 'ADMIN_EMAILS must be a comma-separated list of e-mail addresses'],
    [{ WORKERS: 'maybe' }, 'WORKERS: WORKERS must be "on" or "off"'],
    [{ BILLING: 'no' }, 'BILLING: BILLING must be "on" or "off"'],
    [{ STARTING_CREDIT_USD: '-1' }, 'STARTING_CREDIT_USD: Amount cannot be negative'],
    [{ STARTING_CREDIT_USD: '0.001' }, 'STARTING_CREDIT_USD: Amount cannot contain a fraction'],
    [{ TOP_UP_AMOUNTS_USD: '5,ten' }, 'TOP_UP_AMOUNTS_USD: "ten": Amount must be a number'],
    [{ STRIPE_SECRET_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY must be a Stripe secret key'],
    [{ STRIPE_WEBHOOK_SECRET: 'abc' }, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret'],
    [{ OPENAI_BASE_URL: 'localhost' }, 'OPENAI_BASE_URL: OPENAI_BASE_URL must be a full URL'],
    [{ DEFAULT_MODEL: 'gpt-4o' }, 'DEFAULT_MODEL: DEFAULT_MODEL must be provider-qualified'],
    [{ TRUSTED_PROXIES: 'proxy.local' }, 'TRUSTED_PROXIES must be a comma-separated list'],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES must be a comma-separated list'],
    [{ TRUSTED_PROXIES: '10.0.0.1, *' }, 'TRUSTED_PROXIES must be a comma-separated list'],
    [{ AUTH_SIGNUPS_PER_HOUR: '0' }, 'AUTH_SIGNUPS_PER_HOUR must be positive'],
    [{ AUTH_FAILED_SIGNIN_LIMIT: 'x' }, 'AUTH_FAILED_SIGNIN_LIMIT must be a number'],
    [{ LITERATURE_SOURCES: 'local,google' }, 'LITERATURE_SOURCES must be a comma-separated list'],
    [{ WEB_SEARCH: 'bing' }, 'WEB_SEARCH: WEB_SEARCH must be "off", "searxng" or "brave"'],
    [{ ARXIV_URL: 'export.arxiv.org' }, 'ARXIV_URL: ARXIV_URL must be a full URL'],
  ])('names the variable for %o', (input, message) => {
    expect(() => parseEnv(input)).toThrow(ConfigError);
    try {
      parseEnv(input);
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(message);
    }
  });

  it('trusts no proxy unless TRUSTED_PROXIES names addresses or ranges', () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(
      parseEnv({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1, fd00::/8,loopback' })
        .TRUSTED_PROXIES,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
  });

  it('reads billing amounts as micro-dollars', () => {
    const env = parseEnv({ STARTING_CREDIT_USD: '2.50', TOP_UP_AMOUNTS_USD: '20, 5,10,5' });
    expect(env.STARTING_CREDIT_USD).toBe(2_500_000);
    expect(env.TOP_UP_AMOUNTS_USD).toEqual([5_000_000, 10_000_000, 20_000_000]);
    expect(parseEnv({}).STARTING_CREDIT_USD).toBe(1_000_000);
    expect(parseEnv({}).BILLING).toBe('on');
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
