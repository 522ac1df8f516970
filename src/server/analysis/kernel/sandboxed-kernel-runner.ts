import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chown, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AnalysisConfig } from '../analysis-config';
import type { CellRun, KernelDataFile, KernelRunner, KernelSession } from './kernel-runner';
import { KernelUnavailableError } from './kernel-runner';
import { sandboxArgs, sandboxFileName } from './sandbox-command';
import {
  checkSandboxTools,
  prepareSandbox,
  SCRIPTS_DIR,
  type PreparedSandbox,
} from './sandbox-setup';
import { UidPool } from './uid-pool';

/** Time for the driver to start its kernel (imports, font cache) before it is given up. */
const START_TIMEOUT_MS = 90_000;
/** What the driver may take beyond a cell's own limit to report it. */
const ANSWER_GRACE_MS = 20_000;

interface Pending {
  resolve(run: CellRun): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Kernels in a local bubblewrap sandbox (sandbox-command.ts), each driven by kernel_driver.py
 * over its stdin and stdout. If the driver stops answering, the whole sandbox is killed.
 */
export class SandboxedKernelRunner implements KernelRunner {
  private checked: Promise<string | null> | undefined;
  private prepared: Promise<PreparedSandbox> | undefined;
  private readonly uids = new UidPool();

  constructor(private readonly config: AnalysisConfig) {}

  private prepare(): Promise<PreparedSandbox> {
    this.prepared ??= prepareSandbox(this.config);
    return this.prepared;
  }

  async unavailableReason(): Promise<string | null> {
    this.checked ??= checkSandboxTools(this.config).then(
      () => null,
      (error: Error) => error.message,
    );
    const reason = await this.checked;
    // Whoever asks is about to analyse: the shared parts are built now, so that their first
    // kernel does not wait for them (a failure is reported when a kernel starts).
    if (reason === null) this.prepare().catch(() => undefined);
    return reason;
  }

  async libraries(): Promise<Record<string, string>> {
    return (await this.ready()).libraries;
  }

  private async ready(): Promise<PreparedSandbox> {
    try {
      return await this.prepare();
    } catch (error) {
      throw new KernelUnavailableError((error as Error).message);
    }
  }

  /** Writes the file where only this sandbox binds it, and spawns bwrap with the filter. */
  private async spawnSandboxed(file: KernelDataFile, command: string[]) {
    const prepared = await this.ready();
    const uid = process.getuid?.() === 0 ? this.uids.take() : undefined;
    const folder = path.join(prepared.filesDir, randomUUID());
    await mkdir(folder, { mode: 0o700 });
    const name = sandboxFileName(file.name);
    const hostPath = path.join(folder, name);
    await writeFile(hostPath, file.bytes, { mode: 0o600 });
    // Only the sandbox's own uid may read its file (bwrap opens it as that uid).
    if (uid !== undefined) {
      await chown(folder, uid, uid);
      await chown(hostPath, uid, uid);
    }
    const filter = await open(prepared.seccompFile, 'r');
    // Without a uid of its own the sandbox shares the server user's process count.
    const config =
      uid === undefined
        ? { ...this.config, processes: this.config.processes + (await countOwnProcesses()) }
        : this.config;
    const { file: executable, args } = sandboxArgs(
      config,
      {
        scriptsDir: SCRIPTS_DIR,
        seccompFd: 3,
        passwdFile: prepared.passwdFile,
        fontCacheDir: prepared.fontCacheDir,
        dataFile: { hostPath, name },
        ...(uid !== undefined ? { uid } : {}),
      },
      command,
    );
    const child = spawn(executable, args, { stdio: ['pipe', 'pipe', 'pipe', filter.fd] });
    const cleanup = async () => {
      if (uid !== undefined) this.uids.give(uid);
      await filter.close().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    };
    child.once('spawn', () => void filter.close().catch(() => undefined));
    return { child, cleanup };
  }

  async close(): Promise<void> {
    const prepared = await this.prepared?.catch(() => undefined);
    if (prepared && !this.config.workDir) {
      await rm(prepared.root, { recursive: true, force: true });
    }
  }

  async start(file: KernelDataFile): Promise<KernelSession> {
    const { child, cleanup } = await this.spawnSandboxed(file, ['{scripts}/kernel_driver.py']);
    child.once('exit', () => void cleanup());
    return DriverSession.connect(child, this.config);
  }

  async describe(file: KernelDataFile, format: string): Promise<unknown> {
    const name = sandboxFileName(file.name);
    const { child, cleanup } = await this.spawnSandboxed(file, [
      '{scripts}/describe_data.py',
      name,
      format,
    ]);
    try {
      return await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(
          () => child.kill('SIGKILL'),
          this.config.cellTimeoutSeconds * 1000,
        );
        child.stdout?.on('data', (chunk: Buffer) => {
          if (out.length < 5_000_000) out += chunk.toString('utf8');
        });
        child.stderr?.resume();
        child.once('error', reject);
        child.once('close', () => {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
          } catch {
            reject(new Error('The file could not be read'));
          }
        });
      });
    } finally {
      await cleanup();
    }
  }
}

class DriverSession implements KernelSession {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;
  private stderrTail = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly config: AnalysisConfig,
    readonly startMs: number,
  ) {}

  static connect(child: ChildProcess, config: AnalysisConfig): Promise<KernelSession> {
    return new Promise((resolve, reject) => {
      let session: DriverSession | undefined;
      const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-4000);
        if (session) session.stderrTail = stderr;
      });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('The kernel did not start in time'));
      }, START_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', () => {
        clearTimeout(timer);
        if (!session) reject(new Error(`The kernel could not start: ${lastLine(stderr)}`));
        else session.closed();
      });
      lines.on('line', (line) => {
        let message: { event?: string; startMs?: number; id?: number } & Partial<CellRun>;
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        if (message.event === 'ready') {
          clearTimeout(timer);
          session = new DriverSession(child, config, message.startMs ?? 0);
          resolve(session);
          return;
        }
        session?.answered(message);
      });
    });
  }

  execute(code: string): Promise<CellRun> {
    if (this.exited) return Promise.reject(new Error('The kernel has stopped'));
    const id = this.nextId++;
    const timeout = this.config.cellTimeoutSeconds;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          // The driver itself stopped answering: nothing in the sandbox is trusted to recover.
          this.child.kill('SIGKILL');
        },
        timeout * 1000 + ANSWER_GRACE_MS,
      );
      this.pending.set(id, { resolve, reject, timer });
      this.child.stdin?.write(`${JSON.stringify({ id, op: 'execute', code, timeout })}\n`);
    });
  }

  private answered(message: { id?: number } & Partial<CellRun> & { execution_count?: number }) {
    const pending = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!pending || message.id === undefined) return;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    pending.resolve({
      status: message.status ?? 'error',
      executionCount: message.execution_count ?? null,
      outputs: message.outputs ?? [],
      restarted: message.restarted ?? false,
    });
  }

  private closed() {
    this.exited = true;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
      pending.resolve({
        status: 'killed',
        executionCount: null,
        outputs: [
          {
            output_type: 'error',
            ename: 'KernelDied',
            evalue: 'The sandbox stopped; its variables are lost.',
            traceback: [`KernelDied: ${lastLine(this.stderrTail) || 'the sandbox stopped'}`],
          },
        ],
        restarted: false,
      });
    }
  }

  get alive() {
    return !this.exited;
  }

  async shutdown(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.end(`${JSON.stringify({ op: 'shutdown' })}\n`);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

async function countOwnProcesses(): Promise<number> {
  const uid = process.getuid?.();
  let count = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    if (new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status)) count += 1;
  }
  return count;
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? '';
}
