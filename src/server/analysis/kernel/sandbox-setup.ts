import { execFile, type ExecFileOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AnalysisConfig } from '../analysis-config';

const execFileAsync = promisify(execFile);

function run(file: string, args: string[], options: ExecFileOptions = {}) {
  return execFileAsync(file, args, options);
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
 * Whether the system has what the analysis needs, found without importing it: importing the
 * scientific stack takes seconds of CPU, which an availability answer (and a server start)
 * should not spend. Fails with the reason when something is missing.
 */
export async function checkSandboxTools(config: AnalysisConfig): Promise<void> {
  if (!existsSync(config.bwrap)) throw new Error(`bubblewrap not found at ${config.bwrap}`);
  if (!existsSync(config.python)) throw new Error(`Python not found at ${config.python}`);
  const { stdout } = await run(config.python, [
    '-c',
    'import importlib.util, sys\n' +
      'print(" ".join(m for m in sys.argv[1:] if importlib.util.find_spec(m) is None))',
    ...PYTHON_MODULES,
  ]);
  const missing = String(stdout).trim();
  if (missing) throw new Error(`Python packages missing: ${missing}`);
}

/**
 * Builds, once per process, what every sandbox shares: the seccomp filter, the sandbox's
 * /etc/passwd and matplotlib's font cache (building it takes seconds, so kernels copy it).
 * It runs when analysis is first wanted, at normal priority: a user is about to wait for it.
 */
export async function prepareSandbox(config: AnalysisConfig): Promise<PreparedSandbox> {
  await checkSandboxTools(config);
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
