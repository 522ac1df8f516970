import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { UidPool } from './uid-pool';

const TAKE_IN_CHILD = `
import { UidPool } from './src/server/analysis/kernel/uid-pool.ts';
const pool = new UidPool();
const leases = [];
for (let index = 0; index < 20; index += 1) leases.push(await pool.take());
process.stdout.write(JSON.stringify(leases.map((lease) => lease.uid)) + '\\n');
// Held until the parent kills this process, as a crash would end a server.
setInterval(() => undefined, 1000);
`;

/** Another server process on this host, holding 20 sandbox uids at once. */
function otherProcess(): Promise<{ uids: number[]; kill(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', TAKE_IN_CHILD],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n'))
        resolve({ uids: JSON.parse(out) as number[], kill: () => child.kill('SIGKILL') });
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    child.stdin.end();
  });
}

/** Whether the uid's lease (the abstract socket) is free, tried and let go at once. */
function canHold(uid: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(`\0scriptor-sandbox-uid-${uid}`, () => server.close(() => resolve(true)));
  });
}

describe('sandbox uids', () => {
  it('are unique on the host across server processes, and free again when a process ends', async () => {
    const [first, second] = await Promise.all([otherProcess(), otherProcess()]);
    const here = new UidPool();
    const mine = await Promise.all(Array.from({ length: 20 }, () => here.take()));
    const all = [...first.uids, ...second.uids, ...mine.map((lease) => lease.uid)];
    expect(new Set(all).size).toBe(60);
    for (const uid of all) expect(uid).toBeGreaterThanOrEqual(200_000);

    // A uid is free again once its holder released it or exited, however it exited.
    expect(await canHold(mine[0]!.uid)).toBe(false);
    await mine[0]!.release();
    expect(await canHold(mine[0]!.uid)).toBe(true);
    expect(await canHold(first.uids[0]!)).toBe(false);
    first.kill();
    second.kill();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await canHold(first.uids[0]!)).toBe(true);
    await Promise.all(mine.slice(1).map((lease) => lease.release()));
  }, 120_000);
});
