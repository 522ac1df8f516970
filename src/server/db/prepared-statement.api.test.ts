import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKinds } from '../testing/test-databases';
import { openDatabase, type Database } from './database';
import { preparedStatement } from './prepared-statement';

const kinds = await testDatabaseKinds();

// The same value twice in the text: sent once, read twice.
const repeat = preparedStatement('test_repeat', 'select $1::text || $1::text as twice', ['word']);
const insertNumber = preparedStatement(
  'test_insert_number',
  'insert into prepared_numbers (n) values ($1::int) returning n',
  ['n'],
);

describe.each(kinds)('prepared statements on %s', (kind) => {
  let database: Database;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const postgres = await createPostgresDatabase();
      database = openDatabase({ kind, url: postgres.url });
      cleanUp = postgres.drop;
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-prepared-'));
      database = openDatabase({ kind, dataDir });
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
    }
    await database.db.execute(sql`create table prepared_numbers (n integer not null)`);
  });
  afterAll(async () => {
    await database.close();
    await cleanUp();
  });

  it('answers each run with its own values and logs it as one query', async () => {
    const queries: string[] = [];
    const stop = database.queryLog.watch((query) => queries.push(query));
    try {
      expect(await repeat(database.db, { word: 'ab' })).toEqual([{ twice: 'abab' }]);
      expect(await repeat(database.db, { word: 'cd' })).toEqual([{ twice: 'cdcd' }]);
      expect(await repeat(database.db, { word: null })).toEqual([{ twice: null }]);
    } finally {
      stop();
    }
    expect(queries).toHaveLength(3);
  });

  it('keeps the connection usable after a run that fails', async () => {
    const failure: unknown = await insertNumber(database.db, { n: 'not a number' }).catch(
      (error: unknown) => error,
    );
    // Drizzle wraps the database's error (PostgreSQL); PGlite's named path throws it as is.
    const cause = (failure as { cause?: unknown }).cause ?? failure;
    expect((cause as Error).message).toMatch(/invalid input syntax for type integer/);
    expect(await insertNumber(database.db, { n: '7' })).toEqual([{ n: 7 }]);
    expect(await repeat(database.db, { word: 'ok' })).toEqual([{ twice: 'okok' }]);
  });

  it('runs inside the transaction of a transaction handle', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await insertNumber(tx, { n: '41' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = (await database.db.execute(
      sql`select n from prepared_numbers where n = 41`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([]);
  });

  it.runIf(kind === 'pglite')('parses the statement once on PGlite', async () => {
    await repeat(database.db, { word: 'x' });
    await repeat(database.db, { word: 'y' });
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as count from pg_prepared_statements where name = 'test_repeat'`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows).toEqual([{ count: 1 }]);
  });
});
