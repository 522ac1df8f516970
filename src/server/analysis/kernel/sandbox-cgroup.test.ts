import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectCgroups, joinedCommand } from './sandbox-cgroup';

const read = (file: string) => readFileSync(file, 'utf8').trim();

async function until(check: () => boolean, what: string) {
  for (let tries = 0; tries < 500; tries += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// CI runs as root on a cgroup v1 hybrid host, like this one; v2 takes the same path with
// delegated controllers.
describe.runIf(process.getuid?.() === 0)('a sandbox cgroup', () => {
  it('caps its processes together and kills them all, setsid ones included', async () => {
    const support = await detectCgroups();
    expect(support.kind).not.toBe('none');
    const group = await support.create(`${process.pid}-test-${Date.now()}`, {
      memoryBytes: 256 * 1024 * 1024,
      processes: 20,
      cpuCores: 0.1,
    });
    const dirs = group.procsFiles.map((file) => path.dirname(file));
    try {
      if (support.kind === 'v1') {
        const by = (controller: string) => dirs.find((dir) => dir.includes(`/${controller}/`))!;
        expect(read(path.join(by('memory'), 'memory.limit_in_bytes'))).toBe(
          String(256 * 1024 * 1024),
        );
        expect(read(path.join(by('pids'), 'pids.max'))).toBe('20');
        expect(read(path.join(by('cpu'), 'cpu.cfs_quota_us'))).toBe('10000');
      }
      const { file, args } = joinedCommand(group, '/bin/sh', [
        '-c',
        'setsid sh -c "while :; do :; done" & setsid sh -c "while :; do :; done" & wait',
      ]);
      const child = spawn(file, args, { stdio: 'ignore' });
      const procs = group.procsFiles.at(-1)!;
      await until(() => read(procs).split('\n').filter(Boolean).length === 3, 'three processes');
      const cpuStat = group.procsFiles
        .map((procsFile) => path.join(path.dirname(procsFile), 'cpu.stat'))
        .find(existsSync)!;
      // Two busy loops against a tenth of a core: the group is throttled.
      await until(() => Number(/nr_throttled (\d+)/.exec(read(cpuStat))?.[1]) > 0, 'throttling');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await group.kill();
      await exited;
      await until(() => read(procs) === '', 'the group to empty');
    } finally {
      await group.remove();
    }
    for (const dir of dirs) expect(existsSync(dir)).toBe(false);
  });
});
