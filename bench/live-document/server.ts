/**
 * The live document on the server (issue 32), figures only, in one run:
 *
 * - server memory per open 100-page paper: the web process's resident set before and after
 *   `--papers` papers of 50,000 words are opened by a real WebSocket client each;
 * - CPU per 1,000 keystrokes: the web process's user + system time while one client types
 *   1,000 characters into one of them (each acknowledged as stored);
 * - keystroke → the other client: a second real provider (its own WebSocket) on the same paper,
 *   time from a keystroke in the first to its arrival in the second's document, p50 and p95,
 *   at a fast typist's pace (one every 50 ms); both clients run in this process, the server in
 *   its own;
 * - PUT /api/papers/{id} on PostgreSQL beside a minimal Fastify + pg server on the same row
 *   (bench/read-paper/read-paper.ts, run as a child with short rounds).
 *
 *   npx tsx bench/live-document/server.ts [--papers 10] [--port 4343] [--minimal-port 4344]
 *     [--relay 200] [--cpu-prof DIR]   (the server's CPU profile, node --cpu-prof, into DIR)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { LiveClient } from '../../src/server/collaboration/testing/live-client';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';
import { TestClient } from '../../src/server/testing/test-client';
import { syntheticBlocks } from './paper-blocks';
import { cpuMs, residentMb } from '../process-stats';
import { flag, textFlag } from '../cli-flags';

const WORDS_PER_100_PAGES = 50_000;
const KEYSTROKES = 1000;
const TYPING_INTERVAL_MS = 50;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Keystrokes typed by `writer`, each timed until `reader`'s document has it (its next update
 * from the server), one every TYPING_INTERVAL_MS.
 */
async function relayLatencies(
  writer: LiveClient,
  reader: LiveClient,
  keystrokes: number,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < keystrokes; i++) {
    const arrived = new Promise<number>((resolve) => {
      const onUpdate = (_update: Uint8Array, origin: unknown) => {
        if (origin === reader.ydoc.clientID) return;
        reader.ydoc.off('update', onUpdate);
        resolve(performance.now());
      };
      reader.ydoc.on('update', onUpdate);
    });
    const typed = performance.now();
    writer.type(1, 'klmnopqrst'[i % 10]!);
    latencies.push((await arrived) - typed);
    await settle(TYPING_INTERVAL_MS);
  }
  return latencies.sort((a, b) => a - b);
}

async function liveFigures(papers: number): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-live-server-bench-'));
  const profileDir = textFlag('cpu-prof');
  const server = new ServerProcess(
    flag('port', 0) || (await freePort()),
    { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', CORPUS_AUTOLOAD: 'off' },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const clients: LiveClient[] = [];
  try {
    await server.start(180_000);
    const pid = server.pid!;
    const user = new TestClient(server.url);
    await user.signUp(`bench-${Date.now()}@example.org`);
    const { markdown } = syntheticBlocks(WORDS_PER_100_PAGES);
    const ids: string[] = [];
    for (let i = 0; i < papers; i++) {
      const created = await user.post('/api/papers', {
        title: `Paper ${i}`,
        type: 'scientific',
        content: markdown,
      });
      ids.push((created.body as unknown as { id: string }).id);
    }
    global.gc?.();
    await settle(3000);
    const before = residentMb(pid);
    for (const id of ids) {
      const client = new LiveClient(server.url, id, { cookie: user.cookieHeader() });
      clients.push(client);
      await client.synced();
    }
    await settle(5000);
    const after = residentMb(pid);

    const writer = clients[0]!;
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    for (let i = 0; i < KEYSTROKES; i++) {
      writer.type(1, 'abcdefghij'[i % 10]!);
      await writer.stored();
    }
    const typingMs = performance.now() - started;
    // The debounced compaction of what was typed belongs to the keystrokes too.
    await settle(6000);
    const cpu = cpuMs(pid) - cpuBefore;

    const reader = new LiveClient(server.url, ids[0]!, { cookie: user.cookieHeader() });
    clients.push(reader);
    await reader.synced();
    const relay = await relayLatencies(writer, reader, flag('relay', 200));
    return [
      `server memory: ${before.toFixed(0)} MB resident with ${papers} papers stored, ` +
        `${after.toFixed(0)} MB with them open → ${((after - before) / papers).toFixed(1)} MB per open 100-page paper (${WORDS_PER_100_PAGES.toLocaleString('en')} words)`,
      `CPU per ${KEYSTROKES.toLocaleString('en')} keystrokes (each stored before the next, incl. compaction): ` +
        `${cpu.toFixed(0)} ms of server CPU over ${(typingMs / 1000).toFixed(1)} s`,
      `keystroke → the other client's document through the server (${relay.length} keystrokes, one per ${TYPING_INTERVAL_MS} ms, ` +
        `${WORDS_PER_100_PAGES.toLocaleString('en')}-word paper): p50 ${percentile(relay, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(relay, 95).toFixed(1)} ms, max ${relay.at(-1)!.toFixed(1)} ms (goal p95 ≤ 100 ms)`,
    ];
  } finally {
    for (const client of clients) client.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The PUT figures of bench/read-paper/read-paper.ts (PostgreSQL and PGlite, beside minimal). */
async function putFigures(): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/read-paper/read-paper.ts',
      '--rounds',
      '3',
      '--seconds',
      '3',
      '--minimal-port',
      String(flag('minimal-port', 4344)),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return output.split('\n').filter((line) => line.trim() !== '');
}

const papers = flag('papers', 10);
const live = await liveFigures(papers);
const put = await putFigures();
for (const line of live) console.log(line);
console.log('PUT /api/papers/{id} beside a minimal Fastify server (bench/read-paper):');
for (const line of put) console.log(`  ${line}`);
console.log(
  `machine load average (1, 5, 15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
);
