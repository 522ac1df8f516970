/** Benchmark servers run in their own processes, so the load generator does not share their event loop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface StartedServer {
  child: ChildProcess;
  info: Record<string, unknown>;
}

/** Spawns a server and waits for the JSON line it prints once it listens. */
export async function spawnServer(
  command: string[],
  env: Record<string, string>,
): Promise<StartedServer> {
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, info: JSON.parse(line) as Record<string, unknown> };
  }
  throw new Error(`${command.join(' ')} exited before it listened`);
}

export async function stopServer({ child }: StartedServer): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system) a server process has used so far, from /proc (Linux). */
export function processCpuMs({ child }: StartedServer): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
