import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config';
import * as schema from './schema';
import { QueryLog } from './query-log';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every store uses: PGlite and node-postgres alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** What pg-boss needs to run its SQL on a connection we own. */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: DatabaseConfig['kind'];
  db: Db;
  /** Statements sent through `db`, for counting queries per request (tests, benchmarks). */
  queryLog: QueryLog;
  executor: SqlExecutor;
  /** A connection string for clients that manage their own pool (pg-boss on Postgres). */
  url: string | undefined;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The PGlite instance behind each PGlite handle (not a transaction's), for statements PGlite's
 * `query()` cannot run: named ones (`prepared-statement.ts`).
 */
const pgliteClients = new WeakMap<Db, { client: PGlite; queryLog: QueryLog }>();

export function pgliteBehind(db: Db): { client: PGlite; queryLog: QueryLog } | undefined {
  return pgliteClients.get(db);
}

const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

function openPglite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const queryLog = new QueryLog();
  const db = drizzlePglite(client, { schema, logger: queryLog });
  pgliteClients.set(db as unknown as Db, { client, queryLog });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    queryLog,
    url: undefined,
    executor: {
      async executeSql(text, values = []) {
        // PGlite's extended protocol takes one statement; pg-boss sends its migrations as
        // parameterless multi-statement scripts, which only the simple protocol (exec) runs.
        if (values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows };
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const queryLog = new QueryLog();
  const db = drizzlePg(pool, { schema, logger: queryLog });
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    queryLog,
    url,
    executor: {
      async executeSql(text, values = []) {
        const result = await pool.query(text, values);
        return { rows: result.rows };
      },
    },
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

export function openDatabase(config: DatabaseConfig): Database {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url);
}
