/**
 * The search tail under load, side by side in one run: POST /api/search at 50 concurrent
 * clients on PGlite, the library alone (SciFact corpus, its claims as queries, the pane's
 * default filters), against PostgreSQL full-text search (GIN, ts_rank) in a minimal Fastify +
 * PGlite server over the same corpus. Each server runs in its own process; rounds alternate
 * between them. Prints req/s, p50, p99 and p99/p50 (the goal: ≤ 3 with throughput kept).
 *
 *   npx tsx bench/search/search-tail.ts [--rounds 3] [--seconds 10] [--connections 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { searchRequest } from '../../src/app/references/search/search-request';
import { defaultSearchFilters } from '../../src/shared/literature/search-filters';
import { describe, median, runLoad, type LoadResult } from '../http-load';
import { processCpuMs, spawnServer, stopServer, type StartedServer } from '../spawn-server';
import { DATASETS_DIR, numberFlag } from './bench-args';
import { readQueries } from './scifact-data';

const ROUNDS = numberFlag('rounds', 3);
const SECONDS = numberFlag('seconds', 10);
const CONNECTIONS = numberFlag('connections', 50);
const CORPUS = path.join(DATASETS_DIR, 'scifact', 'corpus.jsonl');

/** Claims are sentences: quotes and a leading dash in them are not search operators. */
const claimText = (text: string) => text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');

const queries = (await readQueries(path.join(DATASETS_DIR, 'scifact', 'queries.jsonl'))).map(
  (query) => JSON.stringify(searchRequest(claimText(query.text), defaultSearchFilters(), null)),
);
const scratch = mkdtempSync(path.join(tmpdir(), 'scriptor-search-tail-'));
console.log(
  `node ${process.version}, ${queries.length} claims, c=${CONNECTIONS}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const scriptor = await spawnServer(
  ['node', '--import', 'tsx', 'bench/search/search-tail-server.ts'],
  {
    CORPUS_FILE: CORPUS,
  },
);
const reference = await spawnServer(['node', 'bench/search/minimal-fts-server.mjs'], {
  CORPUS_FILE: CORPUS,
  PGLITE_DIR: path.join(scratch, 'pglite'),
  PORT: '4172',
});
const servers: Array<{
  name: string;
  process: StartedServer;
  url: string;
  headers: Record<string, string>;
}> = [
  {
    name: 'Scriptor, library only',
    process: scriptor,
    url: String(scriptor.info.url),
    headers: { cookie: String(scriptor.info.cookie), origin: String(scriptor.info.url) },
  },
  {
    name: 'Postgres FTS (GIN, ts_rank), PGlite',
    process: reference,
    url: String(reference.info.url),
    headers: {},
  },
];
const results = servers.map(() => [] as LoadResult[]);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const at of round % 2 === 0 ? [0, 1] : [1, 0]) {
    const server = servers[at]!;
    const result = await runLoad(
      server.url,
      {
        method: 'POST',
        path: '/api/search',
        headers: server.headers,
        body: (index) => queries[index % queries.length]!,
      },
      {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 5,
        serverCpuMs: () => processCpuMs(server.process),
      },
    );
    results[at]!.push(result);
    console.log(`  round ${round + 1}: ${describe(server.name, result)}`);
  }
}
console.log(`medians of ${ROUNDS} rounds of ${SECONDS} s:`);
const medians = results.map((runs) => ({
  requests: median(runs.map((run) => run.requests)),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
  perSecond: median(runs.map((run) => run.perSecond)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest ?? NaN)),
}));
medians.forEach((result, at) =>
  console.log(
    `  ${describe(servers[at]!.name, result)}   p99/p50 ${(result.p99 / result.p50).toFixed(1)}`,
  ),
);
console.log(
  `  throughput Scriptor / reference: ${(medians[0]!.perSecond / medians[1]!.perSecond).toFixed(2)}×`,
);
await stopServer(reference);
await stopServer(scriptor);
rmSync(scratch, { recursive: true, force: true });
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
