import { afterAll, describe, expect, it } from 'vitest';
import { analysisConfig } from '../analysis-config';
import { KernelPool } from './kernel-pool';
import { SandboxBudget } from './sandbox-budget';
import { SandboxedKernelRunner } from './sandboxed-kernel-runner';

const runner = new SandboxedKernelRunner(analysisConfig({ ANALYSIS_CELL_TIMEOUT_SECONDS: '5' }));
// A kernel idle for a fifth of a second is shut down (the server's default is 10 minutes).
const pool = new KernelPool(runner, {
  idleSeconds: 0.2,
  budget: new SandboxBudget(8, 8),
  waitMs: 60_000,
});
const file = async () => ({ name: 'scores.csv', bytes: new TextEncoder().encode('a\n1\n') });

afterAll(async () => {
  await pool.shutdownAll();
  await runner.close();
});

describe('the kernel pool, with a real kernel', { timeout: 120_000 }, () => {
  it('keeps a conversation’s variables while it is used and shuts the kernel down when idle', async () => {
    expect((await pool.execute('conversation', 'alice', file, 'x = 41')).status).toBe('ok');
    const kept = await pool.execute('conversation', 'alice', file, 'print(x + 1)');
    expect(kept.outputs).toEqual([expect.objectContaining({ text: '42\n' })]);

    const deadline = Date.now() + 30_000;
    while (pool.has('conversation') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pool.has('conversation')).toBe(false);

    // The next cell gets a fresh kernel: the idle one and its variables are gone.
    const fresh = await pool.execute('conversation', 'alice', file, 'print(x)');
    expect(fresh.status).toBe('error');
    expect(fresh.outputs).toEqual([expect.objectContaining({ ename: 'NameError' })]);
  });

  it('starts a kernel ahead of its first cell', async () => {
    pool.warm('ahead', 'alice', file);
    expect(pool.has('ahead')).toBe(true);
    const run = await pool.execute('ahead', 'alice', file, 'print(open("scores.csv").read())');
    expect(run.outputs).toEqual([expect.objectContaining({ text: 'a\n1\n\n' })]);
  });

  it('drops a kernel a limit stopped, so its owner knows to rebuild the variables', async () => {
    expect((await pool.execute('looping', 'alice', file, 'y = 1')).status).toBe('ok');
    const stopped = await pool.execute('looping', 'alice', file, 'while True:\n    pass');
    expect(stopped.status).toBe('killed');
    expect(pool.has('looping')).toBe(false);
  });
});
