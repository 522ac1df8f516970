/**
 * Reading and saving a paper, side by side in one run: GET and PUT /api/papers/{id} of a
 * 10,000-word paper at 10 concurrent clients, Scriptor (signed-in session, owner check,
 * history version on save) against a minimal Fastify server that reads and updates the same row
 * with one query, on PostgreSQL (when reachable) and on PGlite. Every server runs in its own
 * process; rounds alternate between them and the medians are printed with the ratio.
 *
 *   npx tsx bench/read-paper/read-paper.ts [--rounds 5] [--seconds 4] [--connections 10] [--minimal-port 4171]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresAdminUrl } from '../../src/server/testing/test-databases';
import { describe, median, runLoad, type LoadRequest, type LoadResult } from '../http-load';
import { processCpuMs, spawnServer, stopServer, type StartedServer } from '../spawn-server';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const ROUNDS = flag('rounds', 5);
const SECONDS = flag('seconds', 4);
const CONNECTIONS = flag('connections', 10);
const MINIMAL_PORT = flag('minimal-port', 4171);

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: postgresAdminUrl(),
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Paper {
  id: string;
  content: string;
  [key: string]: unknown;
}

async function compare(kind: 'postgres' | 'pglite'): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'scriptor-read-paper-'));
  const scriptor = await spawnServer(
    ['node', '--import', 'tsx', 'bench/read-paper/scriptor-server.ts'],
    {
      BENCH_DB: kind,
    },
  );
  const paper = scriptor.info.paper as Paper;
  const paperFile = path.join(scratch, 'paper.json');
  writeFileSync(paperFile, JSON.stringify(paper));
  const minimal = await spawnServer(['node', 'bench/read-paper/minimal-server.mjs'], {
    PORT: String(MINIMAL_PORT),
    PAPER_JSON: paperFile,
    ...(kind === 'postgres'
      ? { DATABASE_URL: String(scriptor.info.databaseUrl) }
      : { PGLITE_DIR: path.join(scratch, 'pglite') }),
  });
  const scriptorUrl = String(scriptor.info.url);
  const servers: Array<{
    name: string;
    process: StartedServer;
    url: string;
    headers: Record<string, string>;
  }> = [
    {
      name: 'Scriptor',
      process: scriptor,
      url: scriptorUrl,
      headers: { cookie: String(scriptor.info.cookie), origin: scriptorUrl },
    },
    {
      name: `minimal Fastify + ${kind === 'postgres' ? 'pg' : 'PGlite'}`,
      process: minimal,
      url: String(minimal.info.url),
      headers: {},
    },
  ];
  // The client sends the whole paper back with its edit (spec 002 §7); each save differs.
  const { updated_at: _loaded, ...editable } = paper;
  const operations: Array<[string, (headers: Record<string, string>) => LoadRequest]> = [
    ['GET', (headers) => ({ method: 'GET', path: `/api/papers/${paper.id}`, headers })],
    [
      'PUT',
      (headers) => ({
        method: 'PUT',
        path: `/api/papers/${paper.id}`,
        headers,
        body: (index) =>
          JSON.stringify({ ...editable, content: `${paper.content}\n\nEdit ${index}.` }),
      }),
    ],
  ];
  console.log(
    `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${paper.content.split(/\s+/).length} words, c=${CONNECTIONS}`,
  );
  for (const [operation, request] of operations) {
    const results = servers.map(() => [] as LoadResult[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate who goes first, so a burst of load elsewhere does not favour one side.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const at of order) {
        const server = servers[at]!;
        results[at]!.push(
          await runLoad(server.url, request(server.headers), {
            connections: CONNECTIONS,
            seconds: SECONDS,
            serverCpuMs: () => processCpuMs(server.process),
          }),
        );
      }
    }
    const medians = results.map((runs) => ({
      requests: median(runs.map((run) => run.requests)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      perSecond: median(runs.map((run) => run.perSecond)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest ?? NaN)),
    }));
    medians.forEach((result, at) =>
      console.log(`  ${operation} ${describe(servers[at]!.name, result)}`),
    );
    console.log(
      `  ${operation} ratio Scriptor / minimal: ${(medians[0]!.perSecond / medians[1]!.perSecond).toFixed(2)}× req/s, ${(medians[1]!.cpuMsPerRequest / medians[0]!.cpuMsPerRequest).toFixed(2)}× by CPU per request (medians of ${ROUNDS} rounds of ${SECONDS} s)`,
    );
  }
  await stopServer(minimal);
  await stopServer(scriptor);
  rmSync(scratch, { recursive: true, force: true });
}

console.log(
  `node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (await postgresReachable()) await compare('postgres');
else console.log('PostgreSQL not reachable: PGlite only');
await compare('pglite');
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
