import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKinds } from '../testing/test-databases';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const kinds = await testDatabaseKinds();

const record = (id: string, title: string, text = 'An abstract.') =>
  JSON.stringify({ _id: id, title, text });

/** `npm run corpus:import -- FILES` as a child process, its output and exit code. */
function corpusImport(env: Record<string, string>, files: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/corpus-import.ts', ...files],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(kinds)('npm run corpus:import on %s', { timeout: 300_000 }, (kind) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-corpus-cli-'));
  const env: Record<string, string> = { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' };
  let dropDatabase = async () => {};

  beforeAll(async () => {
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips and reports a line with a NUL character and stores the other lines', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => record(`ok${i}`, `Valid record ${i}`));
    lines.splice(41, 0, record('nul', 'Broken\u0000title'));
    const file = path.join(dir, 'nul.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);

    const run = await corpusImport(env, [file]);
    expect(run.stdout).toContain(`${file}: 100 works imported, 1 lines skipped`);
    expect(run.stdout).toMatch(/line 42: contains a NUL character/);
    expect(run.stdout).toContain('The store now holds 100 works.');
    expect(run.code).toBe(0);
  });

  it('keeps what a truncated archive held and names the file and line where it broke', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) =>
      record(`gz${i}`, `Archived record ${i}`, `${'Some abstract text. '.repeat(10)}${i}`),
    );
    const packed = gzipSync(Buffer.from(`${lines.join('\n')}\n`));
    const file = path.join(dir, 'cut.jsonl.gz');
    writeFileSync(file, packed.subarray(0, Math.floor(packed.length / 2)));

    const run = await corpusImport(env, [file]);
    const broke = /the compressed file ends early after line (\d+)/.exec(run.stdout);
    expect(broke, run.stdout).not.toBeNull();
    const kept = Number(broke?.[1]);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(5000);
    expect(run.stdout).toContain(`${file}: ${kept} works imported`);
    expect(run.stdout).toContain(`the ${kept} works read before it were kept`);
    expect(run.stdout).toContain(`The store now holds ${100 + kept} works.`);
    expect(run.code).toBe(1);
  });

  it('shows progress in lines and unpacked bytes, and cuts an overlong abstract with a note', async () => {
    const file = path.join(dir, 'long.jsonl.gz');
    const long = record('long', 'A record with a huge abstract', 'word '.repeat(10_000));
    writeFileSync(file, gzipSync(Buffer.from(`${long}\n${'\n'.repeat(100_000)}`)));

    const run = await corpusImport(env, [file]);
    expect(run.stderr).toMatch(
      /long\.jsonl\.gz: [\d.]+ of [\d.]+ MB read \([\d.]+ MB unpacked\), 100,001 lines/,
    );
    expect(run.stdout).toContain('line 1: abstract cut to 20,000 characters (it had 49,999)');
    expect(run.code).toBe(0);
  });
});
