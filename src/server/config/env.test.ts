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
  ])('names the variable for %o', (input, message) => {
    expect(() => parseEnv(input)).toThrow(ConfigError);
    try {
      parseEnv(input);
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(message);
    }
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
