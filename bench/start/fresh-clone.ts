/**
 * The first `npm start` on a fresh clone (issue 25, goal 1), side by side in one run with the
 * reference: a minimal Fastify + PGlite server (bench/start/minimal-server.mjs) starting on an
 * empty data folder. Each Scriptor run clones the repository's committed HEAD into a new
 * folder, hard-links node_modules into it (as `npm install` would leave it, without its
 * caches; a baseline with another package-lock.json gets its own `npm ci`, untimed), and times `npm start` until the landing page (GET /) answers. It prints the median
 * wall time, the CPU time used until then, the web build's share (between start.mjs's
 * 'Building the web app' and 'Building the server' lines) and the gzipped size of the
 * JavaScript the first page loads. Figures only.
 *
 *   npx tsx bench/start/fresh-clone.ts [--runs 3] [--baseline <commit>]
 *
 * Commit first: the clone has only what HEAD holds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3);
/** `--baseline <commit>`: the same first start at an older commit, in the same run. */
const baseline = process.argv.includes('--baseline')
  ? process.argv[process.argv.indexOf('--baseline') + 1]
  : undefined;
const repo = process.cwd();
// Inside the repository's .tmp (ignored by git): hard links need the same file system.
const workDir = path.join(repo, '.tmp', 'fresh-clone-bench');
const port = Number(process.env.BENCH_PORT ?? 3391);
const ticksPerSecond = 100;

interface Sample {
  wallMs: number;
  cpuMs: number;
  webBuildMs?: number;
}

/** utime + stime of a process and its waited-for children (vite runs as one), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / ticksPerSecond;
}

function groupAlive(group: number): boolean {
  try {
    execFileSync('pgrep', ['-g', String(group)]);
    return true;
  } catch {
    return false;
  }
}

async function answers(pathname: string): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${pathname}`)).ok;
  } catch {
    return false;
  }
}

/**
 * A fresh clone (of HEAD, or checked out at `commit`) with node_modules as `npm install` leaves
 * it (no build caches): the repository's own, hard-linked, when the clone's package-lock.json is
 * the repository's; otherwise `npm ci` installs the clone's (untimed), so a baseline from before
 * a dependency change builds with its own dependencies.
 */
function freshClone(name: string, commit?: string): string {
  const target = path.join(workDir, name);
  rmSync(target, { recursive: true, force: true });
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repo, target]);
  if (commit) execFileSync('git', ['-C', target, 'checkout', '--quiet', commit]);
  const lock = (folder: string) => readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
  if (lock(target) === lock(repo)) {
    execFileSync('cp', ['-al', path.join(repo, 'node_modules'), path.join(target, 'node_modules')]);
  } else {
    console.log(`${name}: its package-lock.json differs from the repository's, npm ci...`);
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--silent'], {
      cwd: target,
      stdio: 'inherit',
    });
  }
  for (const cache of ['.vite', '.cache', '.tmp']) {
    rmSync(path.join(target, 'node_modules', cache), { recursive: true, force: true });
  }
  return target;
}

async function timeStart(
  command: string[],
  cwd: string,
  env: Record<string, string>,
  answered: string,
): Promise<Sample> {
  // Another server on the port (another bench run: the default port is shared) would answer
  // for this one and cut its time short.
  if (await answers(answered)) throw new Error(`port ${port} already answers: set BENCH_PORT`);
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Shown only if the start fails: the kill below interrupts the corpus load, which logs.
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const marks = new Map<string, number>();
  child.stdout.on('data', (chunk: Buffer) => {
    for (const mark of ['Building the web app', 'Building the server']) {
      if (!marks.has(mark) && chunk.toString().includes(mark)) marks.set(mark, performance.now());
    }
  });
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${command.join(' ')} exited ${child.exitCode}\n${errors}`);
    }
    if (await answers(answered)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const wallMs = performance.now() - started;
  // npm is the parent; node scripts/start.mjs (and the vite it waited for) its child.
  const pids = execFileSync('pgrep', ['-g', String(child.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  const cpu = pids.reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum;
    }
  }, 0);
  const web = marks.get('Building the web app');
  const server = marks.get('Building the server');
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  // The server is npm's child: the next run must not find it still answering on the port.
  while (groupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    wallMs,
    cpuMs: cpu,
    ...(web !== undefined && server !== undefined ? { webBuildMs: server - web } : {}),
  };
}

/** The gzipped JavaScript of the first page: index.html's entry script and its preloads. */
function firstPageScripts(clone: string): { files: number; raw: number; gzipped: number } {
  const client = path.join(clone, 'dist/client');
  const html = readFileSync(path.join(client, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => (match[1] ?? match[2])!);
  let raw = 0;
  let gzipped = 0;
  for (const script of scripts) {
    const source = readFileSync(path.join(client, script));
    raw += source.length;
    gzipped += gzipSync(source, { level: 9 }).length;
  }
  return { files: scripts.length, raw, gzipped };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A fresh clone of HEAD, or of `commit`, started with `npm start`; prints the run's figures. */
async function cloneAndStart(name: string, label: string, commit?: string) {
  const clone = freshClone(name, commit);
  const sample = await timeStart(
    ['npm', 'start', '--silent'],
    clone,
    { DATA_DIR: path.join(clone, 'data') },
    '/',
  );
  const scripts = firstPageScripts(clone);
  console.log(
    `${label}: ${seconds(sample.wallMs)} (web build ${sample.webBuildMs === undefined ? '?' : seconds(sample.webBuildMs)})`,
  );
  rmSync(clone, { recursive: true, force: true });
  return { sample, scripts };
}

interface Variant {
  name: string;
  samples: Sample[];
  scripts: ReturnType<typeof firstPageScripts>;
}

mkdirSync(workDir, { recursive: true });
const scriptor: Variant = {
  name: 'npm start (fresh clone of HEAD)',
  samples: [],
  scripts: { files: 0, raw: 0, gzipped: 0 },
};
const before: Variant | null = baseline
  ? {
      name: `npm start (fresh clone of ${baseline})`,
      samples: [],
      scripts: { files: 0, raw: 0, gzipped: 0 },
    }
  : null;
const reference: Variant = {
  name: 'minimal Fastify + PGlite (empty data)',
  samples: [],
  scripts: { files: 0, raw: 0, gzipped: 0 },
};
for (let run = 0; run < runs; run++) {
  // Interleaved, so a busy moment of the machine hits every variant alike.
  const head = await cloneAndStart(`run-${run}`, `run ${run + 1}: npm start`);
  scriptor.samples.push(head.sample);
  scriptor.scripts = head.scripts;
  if (before && baseline) {
    const old = await cloneAndStart(
      `base-${run}`,
      `run ${run + 1}: npm start at ${baseline}`,
      baseline,
    );
    before.samples.push(old.sample);
    before.scripts = old.scripts;
  }
  const emptyData = path.join(workDir, `pglite-${run}`);
  rmSync(emptyData, { recursive: true, force: true });
  const minimal = await timeStart(
    ['node', path.join(repo, 'bench/start/minimal-server.mjs')],
    repo,
    { PGLITE_DIR: emptyData },
    '/api/health',
  );
  reference.samples.push(minimal);
  console.log(`run ${run + 1}: minimal Fastify + PGlite ${seconds(minimal.wallMs)}`);
  rmSync(emptyData, { recursive: true, force: true });
}

const refWall = median(reference.samples.map((sample) => sample.wallMs));
const refCpu = median(reference.samples.map((sample) => sample.cpuMs));
console.log(`\nfirst start on a fresh clone, until the page answers, median of ${runs}`);
console.log(
  '| variant | wall | cpu | wall ratio | cpu ratio | web build | first page JS gzipped |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const variant of [scriptor, before, reference]) {
  if (!variant) continue;
  const wall = median(variant.samples.map((sample) => sample.wallMs));
  const cpu = median(variant.samples.map((sample) => sample.cpuMs));
  const builds = variant.samples.flatMap((sample) =>
    sample.webBuildMs === undefined ? [] : [sample.webBuildMs],
  );
  const js = variant.scripts.files > 0 ? `${(variant.scripts.gzipped / 1024).toFixed(1)} kB` : '';
  console.log(
    `| ${variant.name} | ${seconds(wall)} | ${seconds(cpu)} | ${(wall / refWall).toFixed(1)}× | ${(cpu / refCpu).toFixed(1)}× | ${builds.length > 0 ? seconds(median(builds)) : ''} | ${js} |`,
  );
}
