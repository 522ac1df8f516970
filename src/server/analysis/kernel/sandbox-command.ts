import { existsSync } from 'node:fs';
import type { AnalysisConfig } from '../analysis-config';

export const SANDBOX_WORK_DIR = '/work';
/** /tmp (the kernel's sockets, matplotlib's and IPython's settings) and /dev/shm. */
const TMP_BYTES = 64 * 1024 * 1024;
const SHM_BYTES = 64 * 1024 * 1024;
const SCRIPTS_DIR = '/opt/scriptor';

/** The driver's socket to the server (kernel_driver.py moves it out of the kernel's reach). */
export const CHANNEL_FD = 4;

/** The longest line the server reads from a driver: a cell's capped outputs and an envelope. */
export function frameBytes(config: AnalysisConfig): number {
  return config.outputBytes + 512 * 1024;
}

/** Files of the host's /etc that Python, NumPy's BLAS and matplotlib need; nothing else. */
const ETC_FILES = ['/etc/ld.so.cache', '/etc/alternatives', '/etc/matplotlibrc', '/etc/fonts'];

export interface SandboxPaths {
  /** The folder of kernel_driver.py and describe_data.py. */
  scriptsDir: string;
  /** The seccomp BPF file (build_seccomp.py), passed to bwrap as fd 3. */
  seccompFd: number;
  /** A passwd with only the sandbox user, shown as /etc/passwd. */
  passwdFile: string;
  /** matplotlib's font cache, built once outside. */
  fontCacheDir: string;
  /** The data file on the host, shown read-only in the working folder. */
  dataFile?: { hostPath: string; name: string };
  /** A host uid to run as (when the server runs as root), so limits count only this sandbox. */
  uid?: number;
}

/**
 * The bubblewrap command line of a sandbox: every namespace unshared (no network, its own
 * process tree with its own /proc, so no host process is visible), the system read-only (/usr and a few files of /etc, the root itself), a tmpfs
 * /tmp, /dev/shm and working folder of fixed sizes, the last holding only the user's data file
 * (read-only), the seccomp filter, and no host path besides. Python writes nowhere else.
 */
export function sandboxArgs(config: AnalysisConfig, paths: SandboxPaths, command: string[]) {
  const args = [
    '--unshare-all',
    '--unshare-pid',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--dir',
    '/etc',
  ];
  for (const file of ETC_FILES) {
    if (existsSync(file)) args.push('--ro-bind', file, file);
  }
  args.push(
    '--ro-bind',
    paths.passwdFile,
    '/etc/passwd',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(TMP_BYTES),
    '--tmpfs',
    '/tmp',
    '--size',
    String(config.scratchBytes),
    '--tmpfs',
    SANDBOX_WORK_DIR,
    '--ro-bind',
    paths.scriptsDir,
    SCRIPTS_DIR,
    '--ro-bind',
    paths.fontCacheDir,
    '/opt/mplcache',
  );
  if (paths.dataFile) {
    args.push('--ro-bind', paths.dataFile.hostPath, `${SANDBOX_WORK_DIR}/${paths.dataFile.name}`);
  }
  // bwrap's root and /dev are tmpfs without a size: left writable, files written there would
  // fill the host's memory past every limit. Only /tmp, /dev/shm and the working folder, each
  // of a fixed size, take writes.
  args.push(
    '--size',
    String(SHM_BYTES),
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
  );
  const env: Record<string, string> = {
    HOME: SANDBOX_WORK_DIR,
    PATH: '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    MPLCONFIGDIR: '/tmp/matplotlib',
    // Copied into MPLCONFIGDIR by the driver, so the font list is not rebuilt per kernel.
    SCRIPTOR_MPL_CACHE: '/opt/mplcache',
    MPLBACKEND: 'module://matplotlib_inline.backend_inline',
    IPYTHONDIR: '/tmp/ipython',
    JUPYTER_RUNTIME_DIR: '/tmp/jupyter',
    JUPYTER_DATA_DIR: '/tmp/jupyter-data',
    PYDEVD_DISABLE_FILE_VALIDATION: '1',
    OPENBLAS_NUM_THREADS: '1',
    OMP_NUM_THREADS: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    SCRIPTOR_CHANNEL_FD: String(CHANNEL_FD),
    SCRIPTOR_LIMITS: JSON.stringify({
      memoryBytes: config.memoryBytes,
      cpuSeconds: config.cpuSeconds,
      processes: config.processes,
      fileBytes: config.fileBytes,
      outputBytes: config.outputBytes,
      frameBytes: frameBytes(config),
    }),
  };
  args.push('--clearenv');
  for (const [name, value] of Object.entries(env)) args.push('--setenv', name, value);
  args.push('--chdir', SANDBOX_WORK_DIR, '--seccomp', String(paths.seccompFd), '--');
  args.push(config.python, ...command.map((part) => part.replace('{scripts}', SCRIPTS_DIR)));
  if (paths.uid === undefined) return { file: config.bwrap, args };
  // setpriv drops root for a uid of its own before bwrap runs, so RLIMIT_NPROC counts only
  // this sandbox's processes and no host file owned by another user can be opened.
  return {
    file: '/usr/bin/setpriv',
    args: [`--reuid=${paths.uid}`, `--regid=${paths.uid}`, '--clear-groups', config.bwrap, ...args],
  };
}

/** A name safe to show inside the sandbox, keeping the extension pandas reads by. */
export function sandboxFileName(filename: string): string {
  const cleaned = filename
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'data.csv';
}
