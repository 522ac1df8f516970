import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chown, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { AnalysisConfig } from '../analysis-config';
import { parseDriverMessage, type DriverMessage } from './driver-message';
import { readFrames } from './frame-reader';
import type { CellRun, KernelDataFile, KernelRunner, KernelSession } from './kernel-runner';
import { KernelUnavailableError } from './kernel-runner';
import {
  detectCgroups,
  joinedCommand,
  removeStaleGroups,
  type CgroupSupport,
  type SandboxCgroup,
} from './sandbox-cgroup';
import { CHANNEL_FD, frameBytes, sandboxArgs, sandboxFileName } from './sandbox-command';
import {
  checkSandboxTools,
  prepareSandbox,
  SCRIPTS_DIR,
  type PreparedSandbox,
} from './sandbox-setup';
import { UidPool, type UidLease } from './uid-pool';

/** Time for the driver to start its kernel (imports, font cache) before it is given up. */
const START_TIMEOUT_MS = 90_000;
/** What the driver may take beyond a cell's own limit to report it. */
const ANSWER_GRACE_MS = 20_000;
/** What is kept of bwrap's and Python's own errors (before the driver's channel opens). */
const STDERR_TAIL_CHARS = 4000;
/** describe_data.py's answer: the columns of a wide table, well under this. */
const DESCRIPTION_BYTES = 8 * 1024 * 1024;

/**
 * The only environment the sandbox's outermost process (bwrap, or setpriv before it) gets: the
 * server's own (API keys, AUTH_SECRET, Stripe's) never enters, not even bwrap's, which runs as
 * process 1 of the sandbox and is readable there through /proc/1/environ.
 */
const OUTER_ENV = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' };

interface Pending {
  resolve(run: CellRun): void;
  timer: NodeJS.Timeout;
}

interface Spawned {
  child: ChildProcess;
  cleanup(): Promise<void>;
}

/**
 * Kernels in a local bubblewrap sandbox (sandbox-command.ts), each driven by kernel_driver.py
 * over a socket of its own (file descriptor CHANNEL_FD) that the kernel cannot write. Each
 * sandbox runs in a cgroup of its own (memory, processes and CPU as a whole) where the server
 * can make one, and as a host uid of its own when the server runs as root. If the driver stops
 * answering, or says something it should not, the whole sandbox is killed.
 */
export class SandboxedKernelRunner implements KernelRunner {
  private checked: Promise<string | null> | undefined;
  private prepared: Promise<PreparedSandbox> | undefined;
  private cgroups: Promise<CgroupSupport> | undefined;
  private readonly uids = new UidPool();
  private sandboxes = 0;

  constructor(
    private readonly config: AnalysisConfig,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  private prepare(): Promise<PreparedSandbox> {
    this.prepared ??= prepareSandbox(this.config);
    return this.prepared;
  }

  /** How sandboxes are capped here, found once; said loudly when only rlimits are left. */
  cgroupSupport(): Promise<CgroupSupport> {
    this.cgroups ??= detectCgroups().then(async (support) => {
      if (support.kind === 'none') {
        this.log(
          `Data analysis: ${support.reason}. Each sandbox is limited per process only ` +
            '(rlimits: ANALYSIS_MEMORY_MB per process, ANALYSIS_MAX_PROCESSES for the uid); ' +
            'its processes together can use more memory and CPU. Run the server as root or ' +
            'with delegated cgroup v2 controllers (docs/data-analysis.md).',
        );
      }
      await removeStaleGroups(support).catch(() => undefined);
      return support;
    });
    return this.cgroups;
  }

  async unavailableReason(): Promise<string | null> {
    this.checked ??= checkSandboxTools(this.config).then(
      () => null,
      (error: Error) => error.message,
    );
    const reason = await this.checked;
    // Whoever asks is about to analyse: the shared parts are built now, so that their first
    // kernel does not wait for them (a failure is reported when a kernel starts).
    if (reason === null) {
      this.prepare().catch(() => undefined);
      void this.cgroupSupport();
    }
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

  /**
   * Writes the file where only this sandbox binds it, makes its cgroup, and spawns bwrap with
   * the filter (fd 3) and the driver's channel (CHANNEL_FD), from an empty environment.
   */
  private async spawnSandboxed(
    file: KernelDataFile,
    command: string[],
    output: 'channel' | 'stdout',
  ): Promise<Spawned> {
    const prepared = await this.ready();
    const support = await this.cgroupSupport();
    const lease: UidLease | undefined =
      process.getuid?.() === 0 ? await this.uids.take() : undefined;
    const uid = lease?.uid;
    let cgroup: SandboxCgroup | undefined;
    const folder = path.join(prepared.filesDir, randomUUID());
    const filter = await open(prepared.seccompFile, 'r');
    const cleanup = async () => {
      await filter.close().catch(() => undefined);
      await cgroup?.remove();
      await lease?.release();
      await rm(folder, { recursive: true, force: true });
    };
    try {
      if (support.kind !== 'none') {
        this.sandboxes += 1;
        cgroup = await support.create(`${process.pid}-${this.sandboxes}-${randomUUID()}`, {
          memoryBytes: this.config.memoryBytes,
          processes: this.config.processes,
          cpuCores: this.config.cpuCores,
        });
      }
      await mkdir(folder, { mode: 0o700 });
      const name = sandboxFileName(file.name);
      const hostPath = path.join(folder, name);
      await writeFile(hostPath, file.bytes, { mode: 0o600 });
      // Only the sandbox's own uid may read its file (bwrap opens it as that uid).
      if (uid !== undefined) {
        await chown(folder, uid, uid);
        await chown(hostPath, uid, uid);
      }
      // Without a uid of its own the sandbox shares the server user's process count.
      const config =
        uid === undefined && !cgroup
          ? { ...this.config, processes: this.config.processes + (await countOwnProcesses()) }
          : this.config;
      const sandbox = sandboxArgs(
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
      const { file: executable, args } = joinedCommand(cgroup, sandbox.file, sandbox.args);
      const child = spawn(executable, args, {
        env: OUTER_ENV,
        // Not the server's folder: the shell would name it in PWD.
        cwd: '/',
        stdio: [
          'ignore',
          output === 'stdout' ? 'pipe' : 'ignore',
          'pipe',
          filter.fd,
          output === 'channel' ? 'pipe' : 'ignore',
        ],
      });
      child.once('spawn', () => void filter.close().catch(() => undefined));
      // Whatever the sandbox leaves (a setsid'd process bwrap does not wait for) ends with it.
      child.once('exit', () => void cgroup?.kill());
      return { child, cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    }
  }

  async close(): Promise<void> {
    const prepared = await this.prepared?.catch(() => undefined);
    if (prepared && !this.config.workDir) {
      await rm(prepared.root, { recursive: true, force: true });
    }
  }

  async start(file: KernelDataFile): Promise<KernelSession> {
    const { child, cleanup } = await this.spawnSandboxed(
      file,
      ['{scripts}/kernel_driver.py'],
      'channel',
    );
    child.once('exit', () => void cleanup());
    return DriverSession.connect(child, this.config);
  }

  async describe(file: KernelDataFile, format: string): Promise<unknown> {
    const name = sandboxFileName(file.name);
    const { child, cleanup } = await this.spawnSandboxed(
      file,
      ['{scripts}/describe_data.py', name, format],
      'stdout',
    );
    try {
      return await new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const timer = setTimeout(
          () => child.kill('SIGKILL'),
          this.config.cellTimeoutSeconds * 1000,
        );
        child.stdout?.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= DESCRIPTION_BYTES) chunks.push(chunk);
          else child.kill('SIGKILL');
        });
        child.stderr?.resume();
        child.once('error', reject);
        child.once('close', () => {
          clearTimeout(timer);
          try {
            const out = Buffer.concat(chunks).toString('utf8');
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

/** What a cell gets when the sandbox stopped or broke the channel's rules. */
function killedRun(ename: string, message: string): CellRun {
  return {
    status: 'killed',
    executionCount: null,
    outputs: [
      { output_type: 'error', ename, evalue: message, traceback: [`${ename}: ${message}`] },
    ],
    restarted: false,
  };
}

class DriverSession implements KernelSession {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;
  /** Why the server stopped the sandbox, told to the cells that were waiting. */
  private failure: CellRun | undefined;
  readonly ended: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    private readonly channel: Duplex,
    private readonly config: AnalysisConfig,
    readonly startMs: number,
    private readonly stderrTail: () => string,
  ) {
    this.ended = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  static connect(child: ChildProcess, config: AnalysisConfig): Promise<KernelSession> {
    const channel = child.stdio[CHANNEL_FD] as Duplex;
    // A write after the sandbox died is no concern of the server's.
    channel.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      let session: DriverSession | undefined;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
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
      const broken = () => {
        const run = killedRun(
          'SandboxProtocolError',
          'The sandbox sent an answer the server cannot read (malformed or larger than ' +
            `${frameBytes(config).toLocaleString('en-US')} bytes); the kernel was stopped and ` +
            'its variables are lost.',
        );
        if (session) session.failure = run;
        child.kill('SIGKILL');
      };
      readFrames(
        channel,
        frameBytes(config),
        (frame) => {
          const message = parseDriverMessage(frame);
          if (!message) return broken();
          if (!session) return started(message);
          if ('event' in message) return broken();
          session.answered(message);
        },
        broken,
      );
      const started = (message: DriverMessage) => {
        clearTimeout(timer);
        if (!('event' in message) || message.event !== 'ready') {
          child.kill('SIGKILL');
          reject(
            new Error(
              `The kernel could not start: ${'message' in message ? message.message : 'no answer'}`,
            ),
          );
          return;
        }
        session = new DriverSession(child, channel, config, message.startMs, () => stderr);
        resolve(session);
      };
    });
  }

  execute(code: string): Promise<CellRun> {
    if (this.exited) return Promise.reject(new Error('The kernel has stopped'));
    const id = this.nextId++;
    const timeout = this.config.cellTimeoutSeconds;
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          // The driver itself stopped answering: nothing in the sandbox is trusted to recover.
          this.failure ??= killedRun(
            'SandboxStalled',
            'The sandbox stopped answering and was stopped; its variables are lost.',
          );
          this.child.kill('SIGKILL');
        },
        timeout * 1000 + ANSWER_GRACE_MS,
      );
      this.pending.set(id, { resolve, timer });
      this.channel.write(`${JSON.stringify({ id, op: 'execute', code, timeout })}\n`);
    });
  }

  private answered(message: Exclude<DriverMessage, { event: string }>) {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    pending.resolve({
      status: message.status,
      executionCount: message.execution_count,
      outputs: message.outputs,
      restarted: message.restarted,
    });
  }

  private closed() {
    this.exited = true;
    const run =
      this.failure ??
      killedRun(
        'KernelDied',
        `The sandbox stopped; its variables are lost.${lastLine(this.stderrTail()) ? ` (${lastLine(this.stderrTail())})` : ''}`,
      );
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
      pending.resolve(run);
    }
  }

  get alive() {
    return !this.exited;
  }

  async shutdown(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.channel.end(`${JSON.stringify({ op: 'shutdown' })}\n`);
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
