import pg from 'pg';

export type TestDatabaseKind = 'pglite' | 'postgres';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin connection used to create one throw-away database per test server. */
export function postgresAdminUrl(): string {
  return process.env.DATABASE_URL_TEST ?? DEFAULT_POSTGRES;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: postgresAdminUrl(),
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * API tests run on every database Scriptor supports. Postgres is used when reachable; CI sets
 * SCRIPTOR_REQUIRE_POSTGRES=1 so that a missing server fails the run instead of skipping.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  if (await postgresReachable()) return ['pglite', 'postgres'];
  if (process.env.SCRIPTOR_REQUIRE_POSTGRES === '1') {
    throw new Error(`PostgreSQL is required but not reachable at ${postgresAdminUrl()}`);
  }
  console.warn('PostgreSQL not reachable: API tests run on PGlite only');
  return ['pglite'];
}

export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `scriptor_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
