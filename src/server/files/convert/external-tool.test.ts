import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { networkSandboxAvailable, runTool } from './external-tool';

const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-tool-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const limits = { workDir, memoryBytes: 512 * 1024 * 1024 };

describe('runTool', () => {
  it('runs a tool in its work directory and collects its output', { timeout: 20_000 }, async () => {
    const result = await runTool({
      command: 'sh',
      args: ['-c', 'echo converted > out.txt; echo done'],
      timeoutMs: 10_000,
      ...limits,
    });
    expect(result).toMatchObject({ code: 0, stdout: 'done\n', timedOut: false });
    expect(readFileSync(path.join(workDir, 'out.txt'), 'utf8')).toBe('converted\n');
  });

  it('kills a hanging tool and everything it started', { timeout: 20_000 }, async () => {
    const result = await runTool({
      command: 'sh',
      args: ['-c', 'sleep 30 & sleep 30'],
      timeoutMs: 300,
      ...limits,
    });
    expect(result.timedOut).toBe(true);
  });

  it.skipIf(!networkSandboxAvailable())('gives tools no network', { timeout: 20_000 }, async () => {
    const result = await runTool({
      command: 'sh',
      args: ['-c', 'cat /proc/net/dev | grep -c ":"'],
      timeoutMs: 10_000,
      ...limits,
    });
    // Only the loopback device exists in a fresh network namespace.
    expect(result.stdout.trim()).toBe('1');
  });
});
