import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotebookOutput } from '../../../shared/analysis/notebook';
import { analysisConfig } from '../analysis-config';
import type { KernelSession } from './kernel-runner';
import { SandboxedKernelRunner } from './sandboxed-kernel-runner';

/** Known values for the server's secrets: none may be readable inside the sandbox. */
const SECRETS = {
  OPENAI_API_KEY: 'sk-test-openai-0c7f1d',
  STRIPE_SECRET_KEY: 'sk_test_stripe_9a2b4e',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_5d8e1f',
  AUTH_SECRET: 'auth-secret-test-3b6c9a',
};
Object.assign(process.env, SECRETS);

/** Stands for the server's DATA_DIR: a host folder the sandbox must not see. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-sandbox-'));
const config = analysisConfig({
  ANALYSIS_CELL_TIMEOUT_SECONDS: '8',
  ANALYSIS_MEMORY_MB: '2048',
  ANALYSIS_OUTPUT_MB: '1',
  ANALYSIS_MAX_WRITE_MB: '20',
});
const runner = new SandboxedKernelRunner(config);
const csv = new TextEncoder().encode('group,score\na,1\nb,2\na,3\n');

const text = (outputs: NotebookOutput[]) =>
  outputs
    .map((output) =>
      output.output_type === 'stream'
        ? output.text
        : output.output_type === 'error'
          ? `${output.ename}: ${output.evalue}`
          : JSON.stringify(output.data),
    )
    .join('\n');

let kernel: KernelSession;

beforeAll(async () => {
  kernel = await runner.start({ name: 'scores.csv', bytes: csv });
}, 120_000);

afterAll(async () => {
  await kernel?.shutdown();
  await runner.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the analysis sandbox, with a real kernel', { timeout: 120_000 }, () => {
  it('runs pandas on the user file and keeps variables between cells', async () => {
    const first = await kernel.execute("import pandas as pd\ndf = pd.read_csv('scores.csv')");
    expect(first.status).toBe('ok');
    const second = await kernel.execute('print(df.score.sum())');
    expect(text(second.outputs)).toContain('6');
    expect(second.executionCount).toBe(2);
  });

  it("shows no host file: /etc/passwd is the sandbox's own, the data dir is absent", async () => {
    const other = await runner.start({ name: 'other-user.csv', bytes: csv });
    const search = await kernel.execute(
      [
        'import os',
        "found = [os.path.join(d, f) for top in ['/work', '/tmp', '/etc', '/opt', '/dev'] for d, _, fs in os.walk(top) for f in fs if 'other-user' in f]",
        'print("found", found)',
      ].join('\n'),
    );
    await other.shutdown();
    expect(text(search.outputs)).toContain('found []');
    const run = await kernel.execute(
      [
        'import os',
        "print(open('/etc/passwd').read())",
        "print(sorted(os.listdir('/work')))",
        `print(os.path.exists(${JSON.stringify(dataDir)}), os.path.exists('/etc/shadow'), os.path.exists('/root'), os.path.exists('/home'))`,
      ].join('\n'),
    );
    const printed = text(run.outputs);
    expect(printed).toContain('analyst:x:1000');
    expect(printed).not.toContain('root:x:0');
    expect(printed).toContain("['scores.csv']");
    expect(printed).toContain('False False False False');
  });

  // The root and /dev are bwrap's own tmpfs: writable, files there would fill the host's memory.
  it('cannot change the data file, the system or the scripts that drive it', async () => {
    const run = await kernel.execute("open('scores.csv', 'w').write('x')");
    expect(text(run.outputs)).toMatch(/Read-only file system|Permission denied/);
    const system = await kernel.execute(
      [
        'import os',
        "for path in ['/usr/lib/evil.py', '/etc/evil', '/opt/scriptor/kernel_driver.py', '/opt/mplcache/evil', '/evil', '/dev/evil']:",
        '    try:',
        "        open(path, 'w').write('x')",
        '        print("wrote", path)',
        '    except OSError as error:',
        '        print("refused", path, error.strerror)',
        'for remove in [lambda: os.remove("scores.csv"), lambda: os.rename("scores.csv", "x.csv")]:',
        '    try:',
        '        remove()',
        '        print("changed the data file")',
        '    except OSError as error:',
        '        print("refused", error.strerror)',
      ].join('\n'),
    );
    const printed = text(system.outputs);
    expect(printed).not.toMatch(/wrote|changed/);
    expect(printed.match(/refused/g)).toHaveLength(8);
    expect(text((await kernel.execute('print(df.shape)')).outputs)).toContain('(3, 2)');
  });

  it('has no network: sockets reach nothing, raw sockets are refused', async () => {
    const run = await kernel.execute(
      [
        'import socket',
        'for address in [("1.1.1.1", 80), ("127.0.0.1", 22)]:',
        '    try:',
        '        socket.create_connection(address, timeout=2)',
        '        print("connected", address)',
        '    except OSError as error:',
        '        print("refused", address, error)',
        'try:',
        '    socket.socket(socket.AF_PACKET, socket.SOCK_RAW)',
        'except OSError as error:',
        '    print("packet", error)',
      ].join('\n'),
    );
    const printed = text(run.outputs);
    expect(printed).not.toContain('connected');
    expect(printed).toContain('packet [Errno 13] Permission denied');
  });

  it('contains a fork bomb', async () => {
    const run = await kernel.execute(
      [
        'import os',
        'children = 0',
        'try:',
        '    for _ in range(10000):',
        '        if os.fork() == 0:',
        '            import time; time.sleep(30); os._exit(0)',
        '        children += 1',
        'except OSError as error:',
        '    print("stopped after", children, error)',
      ].join('\n'),
    );
    expect(text(run.outputs)).toMatch(/stopped after \d+ \[Errno 11\]/);
    const after = await kernel.execute('print(df.shape)');
    expect(text(after.outputs)).toContain('(3, 2)');
  });

  it("keeps the driver's channel out of the kernel's reach: raw writes and forged answers", async () => {
    const flood = await kernel.execute(
      [
        'import os, sys',
        'for _ in range(700):',
        "    os.write(sys.stdout.fileno(), b'A' * (1 << 20))",
        "print('after the flood')",
      ].join('\n'),
    );
    expect(flood.status).toBe('ok');
    expect(text(flood.outputs)).toContain('after the flood');
    // The driver's own answer format, for this cell's id and the next, on every descriptor
    // the kernel has: only the printed text is the cell's output.
    const forged = (id: number) =>
      JSON.stringify({
        id,
        status: 'ok',
        execution_count: 99,
        outputs: [{ output_type: 'stream', name: 'stdout', text: `FORGED-BY-KERNEL id ${id}` }],
        restarted: false,
      });
    const lines = Array.from({ length: 40 }, (_, id) => forged(id + 1)).join('\n');
    const run = await kernel.execute(
      [
        'import os, sys',
        `forged = ${JSON.stringify(lines)}.encode() + b'\\n'`,
        'for fd in [sys.stdout.fileno(), sys.stderr.fileno(), 1, 2]:',
        '    os.write(fd, forged)',
        "print('REAL OUTPUT of cell 3')",
      ].join('\n'),
    );
    expect(run.status).toBe('ok');
    expect(run.executionCount).not.toBe(99);
    const printed = text(run.outputs);
    expect(printed).toContain('REAL OUTPUT of cell 3');
    // What fd 1 and 2 received may come back through Jupyter as text, never as an answer.
    expect(
      run.outputs.some((output) => output.output_type === 'stream' && /^FORGED/.test(output.text)),
    ).toBe(false);
    expect(text((await kernel.execute('print(df.shape)')).outputs)).toContain('(3, 2)');
  });

  it("reads none of the server's secrets in any /proc/*/environ or cmdline", async () => {
    const run = await kernel.execute(
      [
        'import os',
        'seen, blobs = 0, []',
        "for pid in [p for p in os.listdir('/proc') if p.isdigit()] + ['self']:",
        "    for part in ['environ', 'cmdline']:",
        '        try:',
        "            blobs.append(open(f'/proc/{pid}/{part}', 'rb').read().decode('utf8', 'replace'))",
        '            seen += 1',
        '        except OSError:',
        '            pass',
        "print('read', seen)",
        "print('\\n'.join(blobs))",
      ].join('\n'),
    );
    const printed = text(run.outputs);
    // bwrap (process 1), the kernel and the cell's own process at least.
    expect(Number(/read (\d+)/.exec(printed)?.[1])).toBeGreaterThanOrEqual(4);
    expect(printed).toContain('SCRIPTOR_LIMITS');
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(printed).not.toContain(value);
      expect(printed).not.toContain(`${name}=`);
    }
  });

  it('leaves no process but the kernel when a cell ends, setsid ones included', async () => {
    const spawned = await kernel.execute(
      [
        'import os',
        'for _ in range(6):',
        '    if os.fork() == 0:',
        '        os.setsid()',
        '        if os.fork() == 0:',
        '            while True:',
        '                pass',
        '        os._exit(0)',
        "print('spawned')",
      ].join('\n'),
    );
    expect(text(spawned.outputs)).toContain('spawned');
    const left = await kernel.execute(
      [
        'import os',
        'def state(pid):',
        '    try:',
        "        return open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[0]",
        '    except OSError:',
        "        return 'gone'",
        "others = [p for p in os.listdir('/proc') if p.isdigit() and int(p) not in (1, os.getpid(), os.getppid())]",
        "print('running', [p for p in others if state(p) not in ('Z', 'X', 'gone')])",
      ].join('\n'),
    );
    expect(text(left.outputs)).toContain('running []');
  });

  it('refuses to allocate 10 GB', async () => {
    const run = await kernel.execute('x = bytearray(10 * 1024**3)');
    expect(text(run.outputs)).toContain('MemoryError');
  });

  it('refuses a huge file', async () => {
    const run = await kernel.execute(
      "with open('big.bin', 'wb') as f:\n    for _ in range(100):\n        f.write(b'0' * 1024 * 1024)",
    );
    expect(text(run.outputs)).toMatch(/File too large|No space left/);
    // Many files, each under the file-size limit, stop at the size of the folders that take writes.
    const many = await kernel.execute(
      [
        'import glob, os',
        "for folder in ['/work', '/tmp', '/dev/shm']:",
        '    written = 0',
        '    try:',
        '        for index in range(1000):',
        "            with open(f'{folder}/part{index}.bin', 'wb') as f:",
        "                f.write(b'0' * 8 * 1024 * 1024)",
        '            written += 8',
        '    except OSError as error:',
        '        print(folder, "stopped after", written, "MB:", error.strerror)',
        "    for part in glob.glob(f'{folder}/part*.bin') + ['big.bin']:",
        '        if os.path.exists(part):',
        '            os.remove(part)',
      ].join('\n'),
    );
    const stops = [...text(many.outputs).matchAll(/stopped after (\d+) MB: No space left/g)];
    // The working folder already holds the 20 MB that stopped above.
    const [work, tmp, shm] = stops.map((stop) => Number(stop[1]));
    expect(work).toBeGreaterThan(256 - 20 - 16);
    expect(work).toBeLessThanOrEqual(256 - 20);
    for (const small of [tmp, shm]) {
      expect(small).toBeGreaterThan(64 - 16);
      expect(small).toBeLessThanOrEqual(64);
    }
  });

  it('stops an endless loop with a clear error cell and starts a fresh kernel after', async () => {
    const run = await kernel.execute('while True:\n    pass');
    expect(run.status).toBe('killed');
    expect(text(run.outputs)).toContain('TimeLimitExceeded: The cell ran longer than 8 seconds');
    const next = await kernel.execute('print(1 + 1)');
    expect(next.restarted).toBe(true);
    expect(text(next.outputs)).toContain('2');
  });

  it('stops a cell that prints a gigabyte', async () => {
    const run = await kernel.execute("for _ in range(10**7):\n    print('x' * 100)");
    expect(run.status).toBe('killed');
    expect(text(run.outputs)).toContain('OutputLimitExceeded');
    expect(JSON.stringify(run.outputs).length).toBeLessThan(100_000);
  });

  it('stops a kernel past its CPU time with a clear error cell', async () => {
    // A runner of its own: the CPU limit is per process, and this one is a few seconds.
    const cpuRunner = new SandboxedKernelRunner(
      analysisConfig({ ANALYSIS_CPU_SECONDS: '6', ANALYSIS_CELL_TIMEOUT_SECONDS: '90' }),
    );
    const session = await cpuRunner.start({ name: 'scores.csv', bytes: csv });
    try {
      const run = await session.execute('while True:\n    pass');
      expect(run.status).toBe('killed');
      expect(text(run.outputs)).toContain(
        'KernelDied: The kernel stopped (it hit a memory, CPU-time',
      );
      const next = await session.execute('print(6 * 7)');
      expect(next.restarted).toBe(true);
      expect(text(next.outputs)).toContain('42');
    } finally {
      await session.shutdown();
      await cpuRunner.close();
    }
  });

  it('caps the memory of the sandbox as a whole: six forked children of 200 MiB in 1 GiB', async () => {
    const small = new SandboxedKernelRunner(
      analysisConfig({ ANALYSIS_MEMORY_MB: '1024', ANALYSIS_CELL_TIMEOUT_SECONDS: '60' }),
    );
    expect((await small.cgroupSupport()).kind).not.toBe('none');
    const session = await small.start({ name: 'scores.csv', bytes: csv });
    try {
      // Each child alone is well within the per-process limit; together they are not.
      const run = await session.execute(
        [
          'import os, time',
          'children = []',
          'for _ in range(6):',
          '    pid = os.fork()',
          '    if pid == 0:',
          '        try:',
          '            block = bytearray(200 * 1024 * 1024)',
          '            for index in range(0, len(block), 4096):',
          '                block[index] = 1',
          '            time.sleep(3)',
          '            os._exit(0)',
          '        finally:',
          '            os._exit(3)',
          '    children.append(pid)',
          'statuses = [os.waitpid(pid, 0)[1] for pid in children]',
          "print('held', sum(1 for status in statuses if status == 0), 'killed', sum(1 for status in statuses if os.WIFSIGNALED(status)))",
        ].join('\n'),
      );
      const printed = text(run.outputs);
      // The OOM killer of the sandbox's cgroup stopped children (or the kernel itself).
      if (run.status === 'killed') expect(printed).toContain('KernelDied');
      else {
        expect(Number(/held (\d+)/.exec(printed)?.[1])).toBeLessThanOrEqual(5);
        expect(Number(/killed (\d+)/.exec(printed)?.[1])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await session.shutdown();
      await small.close();
    }
  });

  it('describes a data file once, in the sandbox', async () => {
    const description = await runner.describe({ name: 'scores.csv', bytes: csv }, 'csv');
    expect(description).toEqual({
      sheets: [
        {
          name: 'data',
          rowCount: 3,
          columns: [
            { name: 'group', type: 'object', missing: 0 },
            { name: 'score', type: 'int64', missing: 0 },
          ],
        },
      ],
    });
  });
});
