import type { AnalysisConfig } from './analysis-config';
import { KernelPool } from './kernel/kernel-pool';
import type { KernelDataFile, KernelRunner } from './kernel/kernel-runner';
import { SandboxBudget } from './kernel/sandbox-budget';
import { SandboxedKernelRunner } from './kernel/sandboxed-kernel-runner';

/** An upload's description waits at most this long for a sandbox (the request is open). */
const DESCRIBE_WAIT_MS = 30_000;

/**
 * The process's kernels: where code runs, one kernel per conversation, and the budget of
 * sandboxes (ANALYSIS_MAX_KERNELS, ANALYSIS_MAX_KERNELS_PER_USER) that kernels and upload
 * descriptions share.
 */
export class DataAnalysis {
  readonly kernels: KernelPool;
  readonly budget: SandboxBudget;

  constructor(
    readonly config: AnalysisConfig,
    readonly runner: KernelRunner = new SandboxedKernelRunner(config),
  ) {
    this.budget = new SandboxBudget(config.maxKernels, config.maxKernelsPerUser);
    this.kernels = new KernelPool(runner, {
      idleSeconds: config.idleSeconds,
      budget: this.budget,
      waitMs: config.waitSeconds * 1000,
    });
  }

  /** Null when analysis can run here; the reason otherwise (logged, not shown). */
  unavailableReason(): Promise<string | null> {
    return this.runner.unavailableReason();
  }

  /** An uploaded file's description, in a sandbox counted against `owner`'s budget. */
  async describe(owner: string, file: KernelDataFile, format: string): Promise<unknown> {
    const release = await this.budget.take(owner, {
      waitMs: Math.min(DESCRIBE_WAIT_MS, this.config.waitSeconds * 1000),
      reclaim: (who, anyOwner) => this.kernels.reclaimIdle(who, anyOwner),
    });
    try {
      return await this.runner.describe(file, format);
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.kernels.shutdownAll();
    await this.runner.close();
  }
}
