import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface ToolRun {
  command: string;
  args: string[];
  /** The only directory the tool may write to (its input and output live there). */
  workDir: string;
  timeoutMs: number;
  /** Address-space limit, applied with prlimit when it is installed. */
  memoryBytes: number;
}

export interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const cache = new Map<string, string | null>();

/** The absolute path of a program on PATH, or null (cached per process). */
export function findProgram(name: string): string | null {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  let found: string | null = null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      found = candidate;
      break;
    } catch {
      // not in this directory
    }
  }
  cache.set(name, found);
  return found;
}

let toolStarted: (pid: number) => void = () => undefined;

/** Tells `listener` the process group of every tool started from now on. */
export function onToolStarted(listener: (pid: number) => void): void {
  toolStarted = listener;
}

let sandboxWorks: boolean | undefined;

/**
 * bubblewrap can fail where user namespaces are disabled (some containers), so it is tried
 * once before it is relied on; without it tools run unsandboxed, as the README says.
 */
export function networkSandboxAvailable(): boolean {
  if (sandboxWorks === undefined) {
    const bwrap = findProgram('bwrap');
    sandboxWorks =
      bwrap !== null &&
      spawnSync(bwrap, ['--unshare-net', '--ro-bind', '/', '/', '--dev', '/dev', 'true'], {
        timeout: 5000,
        stdio: 'ignore',
      }).status === 0;
  }
  return sandboxWorks;
}

function commandLine(run: ToolRun): [string, string[]] {
  let line = [run.command, ...run.args];
  const prlimit = findProgram('prlimit');
  if (prlimit) line = [prlimit, `--as=${run.memoryBytes}`, '--', ...line];
  if (networkSandboxAvailable()) {
    // Read-only system, a private /tmp, no network; only the work directory is writable.
    line = [
      findProgram('bwrap') ?? 'bwrap',
      '--unshare-net',
      '--die-with-parent',
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      '--tmpfs',
      '/tmp',
      '--bind',
      run.workDir,
      run.workDir,
      '--setenv',
      'HOME',
      run.workDir,
      ...line,
    ];
  }
  const [command = run.command, ...args] = line;
  return [command, args];
}

/**
 * Runs an external converter with a time and memory limit and without network. The tool gets
 * its own process group so that a timeout kills everything it started (LibreOffice forks).
 */
export function runTool(run: ToolRun): Promise<ToolResult> {
  const [command, args] = commandLine(run);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: run.workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: run.workDir, TMPDIR: run.workDir },
    });
    if (child.pid !== undefined) toolStarted(child.pid);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, run.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        timedOut,
      });
    });
  });
}
