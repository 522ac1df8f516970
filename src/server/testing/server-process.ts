import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real `src/server/main.ts` in a child process, for tests that must kill and restart it
 * (durability) or drive it from a browser.
 */
export class ServerProcess {
  #child: ChildProcess | undefined;
  #output = '';

  /** `nodeArguments` go before the script (a bench's `--cpu-prof`, which NODE_OPTIONS refuses). */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly nodeArguments: readonly string[] = [],
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The process id while it runs (benches read its memory and CPU from /proc). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get output() {
    return this.#output;
  }

  async start(timeoutMs = 150_000): Promise<void> {
    const child = spawn(
      process.execPath,
      [...this.nodeArguments, '--import', 'tsx', 'src/server/main.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.#child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.#output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.#output += chunk.toString()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`server exited with ${child.exitCode}:\n${this.#output}`);
      }
      try {
        const response = await fetch(`${this.url}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server did not start in ${timeoutMs} ms:\n${this.#output}`);
  }

  /** Stops the process: SIGKILL simulates a crash, SIGTERM a graceful shutdown. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill(signal);
    return exited;
  }
}
