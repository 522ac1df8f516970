import { execFile, type ExecFileOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AnalysisConfig } from '../analysis-config';

const execFileAsync = promisify(execFile);

/**
 * The set-up runs when the server starts, beside its first requests: Python importing the
 * scientific stack and building a font cache takes seconds of CPU, so it runs at the lowest
 * priority and never slows what a user waits for.
 */
function run(file: string, args: string[], options: ExecFileOptions = {}) {
  const pending = execFileAsync(file, args, options);
  const pid = pending.child.pid;
  if (pid !== undefined) {
    try {
      setPriority(pid, 19);
    } catch {
      // The child may already have ended; its priority no longer matters.
    }
  }
  return pending;
}

export const SCRIPTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'python');

/** What the analysis needs of the system (docs/data-analysis.md, README 'Debian tools'). */
const PYTHON_MODULES = [
  'ipykernel',
  'jupyter_client',
  'nbformat',
  'pandas',
  'matplotlib',
  'matplotlib_inline',
  'scipy',
  'statsmodels',
  'openpyxl',
  'xlrd',
  'seccomp',
];

/**
 * The libraries whose versions the model is told, so its code fits Debian's releases (xlrd:
 * how .xls files are loaded, describe-file.ts).
 */
const VERSIONED = ['pandas', 'numpy', 'scipy', 'statsmodels', 'matplotlib', 'xlrd'];

export interface PreparedSandbox {
  /** The folder holding all of it; removed at close when it was made here. */
  root: string;
  /** Library name → version, as the kernels import them. */
  libraries: Record<string, string>;
  seccompFile: string;
  passwdFile: string;
  fontCacheDir: string;
  filesDir: string;
}

/**
 * Builds, once per process, what every sandbox shares: the seccomp filter, the sandbox's
 * /etc/passwd and matplotlib's font cache (building it takes seconds, so kernels copy it).
 * Fails with the reason when a package is missing.
 */
export async function prepareSandbox(config: AnalysisConfig): Promise<PreparedSandbox> {
  if (!existsSync(config.bwrap)) throw new Error(`bubblewrap not found at ${config.bwrap}`);
  if (!existsSync(config.python)) throw new Error(`Python not found at ${config.python}`);
  const imported = await run(config.python, [
    '-c',
    `import json, ${[...PYTHON_MODULES, 'numpy'].join(', ')}\nprint(json.dumps({name: __import__(name).__version__.split('+')[0] for name in ${JSON.stringify(VERSIONED)}}))`,
  ]).catch((error: { stderr?: string }) => {
    const line = (error.stderr ?? '').trim().split('\n').pop() ?? 'an import failed';
    throw new Error(`Python packages missing: ${line}`);
  });
  const libraries = JSON.parse(String(imported.stdout).trim()) as Record<string, string>;
  const root = config.workDir ?? (await mkdtemp(path.join(tmpdir(), 'scriptor-analysis-')));
  await mkdir(root, { recursive: true });
  await chmod(root, 0o711);
  const seccompFile = path.join(root, 'seccomp.bpf');
  await run(config.python, [path.join(SCRIPTS_DIR, 'build_seccomp.py'), seccompFile]);
  const passwdFile = path.join(root, 'passwd');
  await writeFile(passwdFile, 'analyst:x:1000:1000:analyst:/work:/usr/sbin/nologin\n');
  await chmod(passwdFile, 0o644);
  const fontCacheDir = path.join(root, 'matplotlib');
  await mkdir(fontCacheDir, { recursive: true });
  await run(config.python, ['-c', 'import matplotlib.font_manager'], {
    env: { ...process.env, MPLCONFIGDIR: fontCacheDir, HOME: root },
  });
  await chmod(fontCacheDir, 0o755);
  const filesDir = path.join(root, 'files');
  await rm(filesDir, { recursive: true, force: true });
  await mkdir(filesDir, { recursive: true });
  await chmod(filesDir, 0o711);
  return { root, libraries, seccompFile, passwdFile, fontCacheDir, filesDir };
}
