import { z } from 'zod';

/** Limits of the data analysis sandbox (docs/data-analysis.md); every one can be set by env. */
export interface AnalysisConfig {
  /**
   * Where the seccomp filter, the font cache and the data files of running kernels live; it
   * must be reachable by the sandbox's uid. Default: a new folder under the system's temp.
   */
  workDir: string | undefined;
  python: string;
  bwrap: string;
  /** Largest data file accepted by POST /api/data-upload. */
  maxFileBytes: number;
  cellTimeoutSeconds: number;
  memoryBytes: number;
  cpuSeconds: number;
  processes: number;
  fileBytes: number;
  scratchBytes: number;
  outputBytes: number;
  /** A conversation's kernel is shut down after this long without a cell. */
  idleSeconds: number;
  /** Tries at correcting a cell that failed, after the first run. */
  maxCorrections: number;
  /** CPU of one sandbox as a whole, in cores (its cgroup's quota). */
  cpuCores: number;
  /** Sandboxes alive at once in this server process (kernels and upload descriptions). */
  maxKernels: number;
  /** Sandboxes alive at once for one user. */
  maxKernelsPerUser: number;
  /** How long a step waits for a free sandbox before it fails (refunded). */
  waitSeconds: number;
  /** POST /api/data-upload requests a minute per user. */
  uploadsPerMinute: number;
}

const number = (fallback: number) => z.coerce.number().positive().default(fallback);

const schema = z.object({
  ANALYSIS_WORK_DIR: z.string().optional(),
  ANALYSIS_PYTHON: z.string().default('/usr/bin/python3'),
  ANALYSIS_BWRAP: z.string().default('/usr/bin/bwrap'),
  ANALYSIS_MAX_FILE_MB: number(20),
  ANALYSIS_CELL_TIMEOUT_SECONDS: number(60),
  ANALYSIS_MEMORY_MB: number(3072),
  ANALYSIS_CPU_SECONDS: number(600),
  ANALYSIS_MAX_PROCESSES: number(64),
  ANALYSIS_MAX_WRITE_MB: number(100),
  ANALYSIS_SCRATCH_MB: number(256),
  ANALYSIS_OUTPUT_MB: number(4),
  ANALYSIS_IDLE_MINUTES: number(10),
  ANALYSIS_MAX_CORRECTIONS: number(3),
  ANALYSIS_CPU_CORES: number(1),
  ANALYSIS_MAX_KERNELS: number(8),
  ANALYSIS_MAX_KERNELS_PER_USER: number(2),
  ANALYSIS_WAIT_SECONDS: number(300),
  ANALYSIS_UPLOADS_PER_MINUTE: number(10),
});

const MB = 1024 * 1024;

export function analysisConfig(source: NodeJS.ProcessEnv): AnalysisConfig {
  const env = schema.parse(source);
  return {
    workDir: env.ANALYSIS_WORK_DIR,
    python: env.ANALYSIS_PYTHON,
    bwrap: env.ANALYSIS_BWRAP,
    maxFileBytes: Math.round(env.ANALYSIS_MAX_FILE_MB * MB),
    cellTimeoutSeconds: env.ANALYSIS_CELL_TIMEOUT_SECONDS,
    memoryBytes: Math.round(env.ANALYSIS_MEMORY_MB * MB),
    cpuSeconds: Math.round(env.ANALYSIS_CPU_SECONDS),
    processes: Math.round(env.ANALYSIS_MAX_PROCESSES),
    fileBytes: Math.round(env.ANALYSIS_MAX_WRITE_MB * MB),
    scratchBytes: Math.round(env.ANALYSIS_SCRATCH_MB * MB),
    outputBytes: Math.round(env.ANALYSIS_OUTPUT_MB * MB),
    idleSeconds: env.ANALYSIS_IDLE_MINUTES * 60,
    maxCorrections: Math.round(env.ANALYSIS_MAX_CORRECTIONS),
    cpuCores: env.ANALYSIS_CPU_CORES,
    maxKernels: Math.max(1, Math.round(env.ANALYSIS_MAX_KERNELS)),
    maxKernelsPerUser: Math.max(1, Math.round(env.ANALYSIS_MAX_KERNELS_PER_USER)),
    waitSeconds: env.ANALYSIS_WAIT_SECONDS,
    uploadsPerMinute: Math.max(1, Math.round(env.ANALYSIS_UPLOADS_PER_MINUTE)),
  };
}
