/**
 * Charges per second and charge latency (p50/p99) of the ledger under 50 concurrent clients,
 * on embedded PGlite and on PostgreSQL (when reachable at DATABASE_URL_TEST or
 * postgres://postgres@127.0.0.1:5432/postgres). Each charge is a full withCharge: the
 * conditional balance UPDATE, the entry and the hold in one transaction, a no-op piece of work,
 * then the settle. Two workloads: 50 clients sharing one account (every charge contends for
 * the same row) and 50 clients with an account each.
 *
 *   npx tsx bench/billing/charges.ts [--charges 2000]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { user } from '../../src/server/db/schema';
import { credit } from '../../src/server/billing/ledger';
import { withCharge } from '../../src/server/billing/with-charge';
import { createPostgresDatabase } from '../../src/server/testing/test-databases';

const CLIENTS = 50;
const chargesArg = process.argv.indexOf('--charges');
const TOTAL = chargesArg > 0 ? Number(process.argv[chargesArg + 1]) : 2000;
const PRICE = 50_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function createUsers(database: Database, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await database.db
    .insert(user)
    .values(ids.map((id, index) => ({ id, name: `Bench ${index}`, email: `${id}@bench.test` })));
  for (const id of ids) {
    await credit(
      database.db,
      {
        userId: id,
        kind: 'grant',
        amountMicros: PRICE * TOTAL,
        what: 'Benchmark credit',
        idempotencyKey: `bench:${id}`,
      },
      { startingCreditMicros: 0 },
    );
  }
  return ids;
}

async function run(label: string, database: Database, env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const context = { config, database };
  for (const shared of [true, false]) {
    const users = await createUsers(database, shared ? 1 : CLIENTS);
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const userId = users[shared ? 0 : client] ?? '';
        while (next < TOTAL) {
          const index = next;
          next += 1;
          const begin = performance.now();
          await withCharge(
            context,
            {
              userId,
              what: 'Benchmark charge',
              idempotencyKey: `bench:${label}:${shared}:${index}`,
              amountMicros: PRICE,
            },
            async () => undefined,
          );
          latencies.push(performance.now() - begin);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(10)} ${shared ? 'one shared account' : `${CLIENTS} accounts       `}  ` +
        `${TOTAL} charges in ${seconds.toFixed(2)} s = ${(TOTAL / seconds).toFixed(0)} charges/s, ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
  }
}

async function main() {
  console.log(`${CLIENTS} concurrent clients, ${TOTAL} charges per workload`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-billing-'));
  const pglite = openDatabase({ kind: 'pglite', dataDir });
  await pglite.migrate();
  await run('PGlite', pglite, { DATA_DIR: dataDir });
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });

  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  try {
    postgres = await createPostgresDatabase();
  } catch (error) {
    console.log(`PostgreSQL not reachable, skipped: ${(error as Error).message}`);
    return;
  }
  const database = openDatabase({ kind: 'postgres', url: postgres.url });
  await database.migrate();
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-billing-'));
  await run('PostgreSQL', database, { DATA_DIR: pgDataDir, DATABASE_URL: postgres.url });
  await database.close();
  await postgres.drop();
  rmSync(pgDataDir, { recursive: true, force: true });
}

await main();
