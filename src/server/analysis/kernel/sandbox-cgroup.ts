import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, realpath, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What one sandbox may use as a whole, all its processes together. */
export interface SandboxLimits {
  memoryBytes: number;
  processes: number;
  /** CPU time per second of wall time (1 = one core). */
  cpuCores: number;
}

/** One sandbox's control group(s): its processes join through `procsFiles` before exec. */
export interface SandboxCgroup {
  /** The cgroup.procs files the sandbox's first process writes its pid to. */
  readonly procsFiles: string[];
  /** Kills every process in it, setsid'd ones and those bwrap does not know of included. */
  kill(): Promise<void>;
  /** Kills what is left and removes the group. */
  remove(): Promise<void>;
}

export interface CgroupSupport {
  /** 'v2': delegated controllers; 'v1': the legacy hierarchies; 'none': rlimits only. */
  readonly kind: 'v2' | 'v1' | 'none';
  /** Why no cgroup can be made (kind 'none'), for the log. */
  readonly reason?: string;
  create(name: string, limits: SandboxLimits): Promise<SandboxCgroup>;
}

const GROUP = 'scriptor-sandboxes';
const PERIOD_US = 100_000;
const V1_CONTROLLERS = ['memory', 'pids', 'cpu', 'freezer'] as const;
/**
 * Accounting only (`cpuacct.usage`, the sandbox's CPU time): joined where it is a hierarchy of
 * its own. Mounted with `cpu` (`cpu,cpuacct`) the cpu group already accounts.
 */
const V1_ACCOUNTING = 'cpuacct';
const V2_CONTROLLERS = ['memory', 'pids', 'cpu'];

/**
 * Finds how this process can cap a sandbox as a whole: cgroup v2 where its own group delegates
 * memory, pids and cpu, else the v1 hierarchies (as root on a hybrid host), else none.
 */
export async function detectCgroups(root = '/sys/fs/cgroup'): Promise<CgroupSupport> {
  const v2 = await v2Parent(root);
  if (v2) return v2Support(v2);
  const v1 = await v1Parents(root);
  if (v1) return v1Support(v1);
  return {
    kind: 'none',
    reason:
      'no cgroup can be created (neither delegated cgroup v2 controllers nor writable v1 hierarchies)',
    create: () => Promise.reject(new Error('cgroups are not available')),
  };
}

async function v2Parent(root: string): Promise<string | null> {
  const own = (await readFile('/proc/self/cgroup', 'utf8').catch(() => ''))
    .split('\n')
    .find((line) => line.startsWith('0::'));
  if (own === undefined) return null;
  const mount = existsSync(path.join(root, 'cgroup.controllers'))
    ? root
    : path.join(root, 'unified');
  const mine = path.join(mount, own.slice(3).trim());
  const enabled = await readFile(path.join(mine, 'cgroup.subtree_control'), 'utf8').catch(() => '');
  if (!V2_CONTROLLERS.every((name) => enabled.split(/\s+/).includes(name))) return null;
  const parent = path.join(mine, GROUP);
  try {
    await mkdir(parent, { recursive: true });
    await writeFile(
      path.join(parent, 'cgroup.subtree_control'),
      V2_CONTROLLERS.map((name) => `+${name}`).join(' '),
    );
    return parent;
  } catch {
    return null;
  }
}

function v2Support(parent: string): CgroupSupport {
  return {
    kind: 'v2',
    async create(name, limits) {
      const dir = path.join(parent, name);
      await mkdir(dir);
      await writeFile(path.join(dir, 'memory.max'), String(limits.memoryBytes));
      await writeFile(path.join(dir, 'memory.swap.max'), '0').catch(() => undefined);
      await writeFile(path.join(dir, 'pids.max'), String(limits.processes));
      await writeFile(
        path.join(dir, 'cpu.max'),
        `${Math.round(limits.cpuCores * PERIOD_US)} ${PERIOD_US}`,
      );
      const procs = path.join(dir, 'cgroup.procs');
      const kill = async () => {
        if (existsSync(path.join(dir, 'cgroup.kill'))) {
          await writeFile(path.join(dir, 'cgroup.kill'), '1').catch(() => undefined);
        } else {
          await freezeAndKill(path.join(dir, 'cgroup.freeze'), '1', '0', procs);
        }
      };
      return { procsFiles: [procs], kill, remove: () => removeGroups([dir], procs, kill) };
    },
  };
}

async function v1Parents(root: string): Promise<Record<string, string> | null> {
  const parents: Record<string, string> = {};
  for (const controller of V1_CONTROLLERS) {
    const parent = path.join(root, controller, GROUP);
    try {
      await mkdir(parent, { recursive: true });
    } catch {
      return null;
    }
    parents[controller] = parent;
  }
  const accounting = path.join(root, V1_ACCOUNTING);
  const shared = await Promise.all([realpath(accounting), realpath(path.join(root, 'cpu'))]).then(
    ([one, other]) => one === other,
    () => true,
  );
  if (!shared) {
    const parent = path.join(accounting, GROUP);
    if (
      await mkdir(parent, { recursive: true }).then(
        () => true,
        () => false,
      )
    ) {
      parents[V1_ACCOUNTING] = parent;
    }
  }
  const memory = parents.memory!;
  // Children are counted in their parent's usage (the default on recent kernels).
  await writeFile(path.join(memory, 'memory.use_hierarchy'), '1').catch(() => undefined);
  return parents;
}

function v1Support(parents: Record<string, string>): CgroupSupport {
  return {
    kind: 'v1',
    async create(name, limits) {
      const dirs = Object.fromEntries(
        Object.entries(parents).map(([controller, parent]) => [
          controller,
          path.join(parent, name),
        ]),
      ) as Record<(typeof V1_CONTROLLERS)[number], string> & { cpuacct?: string };
      for (const dir of Object.values(dirs)) await mkdir(dir);
      await writeFile(path.join(dirs.memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      // With swap, memory.limit_in_bytes alone would let the sandbox page out past it.
      const memsw = path.join(dirs.memory, 'memory.memsw.limit_in_bytes');
      if (existsSync(memsw)) await writeFile(memsw, String(limits.memoryBytes));
      await writeFile(path.join(dirs.pids, 'pids.max'), String(limits.processes));
      await writeFile(path.join(dirs.cpu, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(
        path.join(dirs.cpu, 'cpu.cfs_quota_us'),
        String(Math.round(limits.cpuCores * PERIOD_US)),
      );
      const procs = path.join(dirs.freezer, 'cgroup.procs');
      const kill = () =>
        freezeAndKill(path.join(dirs.freezer, 'freezer.state'), 'FROZEN', 'THAWED', procs);
      return {
        procsFiles: Object.values(dirs).map((dir) => path.join(dir, 'cgroup.procs')),
        kill,
        remove: () => removeGroups(Object.values(dirs), procs, kill),
      };
    },
  };
}

async function pidsIn(procs: string): Promise<number[]> {
  const text = await readFile(procs, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => pid > 0);
}

/** Frozen, no process can fork while the others are killed; SIGKILL lands on thaw. */
async function freezeAndKill(state: string, frozen: string, thawed: string, procs: string) {
  await writeFile(state, frozen).catch(() => undefined);
  for (let tries = 0; tries < 50; tries += 1) {
    const now = (await readFile(state, 'utf8').catch(() => frozen)).trim();
    if (now === frozen || now === '1') break;
    await delay(10);
  }
  for (const pid of await pidsIn(procs)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await writeFile(state, thawed).catch(() => undefined);
}

async function removeGroups(dirs: string[], procs: string, kill: () => Promise<void>) {
  for (let tries = 0; tries < 100; tries += 1) {
    if ((await pidsIn(procs)).length === 0) break;
    if (tries % 10 === 0) await kill();
    await delay(20);
  }
  for (const dir of dirs) await rmdir(dir).catch(() => undefined);
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Groups left by a server process that died (its pid is the name's prefix) are removed. */
export async function removeStaleGroups(support: CgroupSupport, root = '/sys/fs/cgroup') {
  if (support.kind !== 'v1') return;
  for (const controller of [...V1_CONTROLLERS, V1_ACCOUNTING]) {
    const parent = path.join(root, controller, GROUP);
    for (const name of await readdir(parent).catch(() => [])) {
      const owner = Number(name.split('-')[0]);
      if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) {
        await rmdir(path.join(parent, name)).catch(() => undefined);
      }
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The command that joins `cgroup` and then runs `file args`: the shell writes its own pid to
 * each cgroup.procs before exec, so no process of the sandbox ever runs outside its group.
 */
export function joinedCommand(cgroup: SandboxCgroup | undefined, file: string, args: string[]) {
  if (!cgroup) return { file, args };
  const script =
    'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done; exec "$@"';
  return {
    file: '/bin/sh',
    args: [
      '-c',
      script,
      'sh',
      String(cgroup.procsFiles.length),
      ...cgroup.procsFiles,
      file,
      ...args,
    ],
  };
}
