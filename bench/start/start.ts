/**
 * Server start-up, side by side in one run: Scriptor's `npm start` on an existing data folder
 * (the compiled server; nothing to build), the same server run from its TypeScript sources
 * through tsx (how it started before), and a minimal Fastify + PGlite server opening the same
 * database. Prints the median wall time until the page (`/`) answers and the CPU time the
 * process used until then (steadier than wall time on a busy machine), the wall time until
 * /api/health answers (the database is open), and the ratios.
 *
 *   npx tsx bench/start/start.ts [--runs 5]
 *
 * Run `npm start` once first (or let this script do it) so the web and server builds exist.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-start-bench-'));
const port = 3390;
const ticksPerSecond = 100;

interface Sample {
  /** Until the page answers. */
  wallMs: number;
  cpuMs: number;
  /** Until /api/health answers. */
  healthMs: number;
}

/** utime + stime of a process and its children, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / ticksPerSecond;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${url}`)).ok;
  } catch {
    return false;
  }
}

/** Polls `url` until it answers; returns the milliseconds that took. */
async function answered(url: string, child: ChildProcess, onAnswer?: () => void): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}`);
    if (await answers(url)) {
      onAnswer?.();
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startOnce(
  command: string[],
  env: Record<string, string>,
  logLine?: string,
): Promise<Sample> {
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let cpuAtPage = 0;
  const [wallMs, healthMs] = await Promise.all([
    answered('/', child, () => (cpuAtPage = cpuMs(child.pid!))),
    answered('/api/health', child),
  ]);
  while (logLine && !output.includes(logLine)) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const sample = { wallMs, cpuMs: cpuAtPage, healthMs };
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return sample;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const variants: Array<{ name: string; command: string[]; env?: Record<string, string> }> = [
  { name: 'npm start (compiled server)', command: ['node', 'scripts/start.mjs'] },
  { name: 'tsx src/server/main.ts', command: ['node', '--import', 'tsx', 'src/server/main.ts'] },
  {
    name: 'minimal Fastify + PGlite',
    command: ['node', 'bench/start/minimal-server.mjs'],
    env: { PGLITE_DIR: path.join(dataDir, 'pglite') },
  },
];

console.log('first start (builds if needed, creates the database, loads the bundled corpus)...');
const first = await startOnce(['node', 'scripts/start.mjs'], {}, 'literature library loaded');
console.log(`  ${(first.wallMs / 1000).toFixed(1)} s`);

const results = new Map<string, Sample[]>(variants.map((variant) => [variant.name, []]));
for (let run = 0; run < runs; run++) {
  // Interleaved, so a busy moment of the machine hits every variant alike.
  for (const variant of variants) {
    results.get(variant.name)!.push(await startOnce(variant.command, variant.env ?? {}));
  }
}

const reference = results.get('minimal Fastify + PGlite')!;
const refWall = median(reference.map((sample) => sample.wallMs));
const refCpu = median(reference.map((sample) => sample.cpuMs));
const refHealth = median(reference.map((sample) => sample.healthMs));
console.log(
  `\nsecond start, median of ${runs} (data: ${dataDir}, load average ${loadavg()[0]!.toFixed(1)})`,
);
console.log(
  '| variant | page wall ms | page cpu ms | health wall ms | page wall ratio | page cpu ratio | health ratio |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [name, samples] of results) {
  const wall = median(samples.map((sample) => sample.wallMs));
  const cpu = median(samples.map((sample) => sample.cpuMs));
  const health = median(samples.map((sample) => sample.healthMs));
  console.log(
    `| ${name} | ${wall.toFixed(0)} | ${cpu.toFixed(0)} | ${health.toFixed(0)} | ${(wall / refWall).toFixed(2)}× | ${(cpu / refCpu).toFixed(2)}× | ${(health / refHealth).toFixed(2)}× |`,
  );
}
