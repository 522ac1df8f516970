import type { NotebookOutput } from '../../../shared/analysis/notebook';

/** The outcome of one executed cell. */
export interface CellRun {
  /** 'killed': a limit stopped the kernel; its error output says which. */
  status: 'ok' | 'error' | 'killed';
  executionCount: number | null;
  outputs: NotebookOutput[];
  /** The kernel had been stopped before and this cell ran in a fresh one. */
  restarted: boolean;
}

/** The user's data file as the kernel sees it: in its working folder under this name. */
export interface KernelDataFile {
  name: string;
  bytes: Uint8Array;
}

/** One running kernel with one data file. */
export interface KernelSession {
  readonly startMs: number;
  /** Settles when the kernel's sandbox has ended, however it ended. */
  readonly ended: Promise<void>;
  execute(code: string): Promise<CellRun>;
  shutdown(): Promise<void>;
}

/**
 * Where analysis code runs. The default is a local bubblewrap sandbox
 * (SandboxedKernelRunner); an institution can run kernels elsewhere, for example on a Jupyter
 * Kernel Gateway, by implementing this (docs/data-analysis.md).
 */
export interface KernelRunner {
  /** Null when kernels can run; otherwise why not, for the operator's log. */
  unavailableReason(): Promise<string | null>;
  /**
   * The versions of the kernels' libraries (pandas, numpy, scipy, statsmodels, matplotlib):
   * the model is told them, since an API of a newer release fails on an older one.
   */
  libraries(): Promise<Record<string, string>>;
  start(file: KernelDataFile): Promise<KernelSession>;
  /** Runs describe_data.py on a file once at upload, under the same sandbox. */
  describe(file: KernelDataFile, format: string): Promise<unknown>;
  /** After the last session: removes what the runner made. */
  close(): Promise<void>;
}

export class KernelUnavailableError extends Error {}
