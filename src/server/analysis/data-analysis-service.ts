import type { AnalysisConfig } from './analysis-config';
import { KernelPool } from './kernel/kernel-pool';
import type { KernelRunner } from './kernel/kernel-runner';
import { SandboxedKernelRunner } from './kernel/sandboxed-kernel-runner';

/** The process's kernels: where code runs, and one kernel per conversation. */
export class DataAnalysis {
  readonly kernels: KernelPool;

  constructor(
    readonly config: AnalysisConfig,
    readonly runner: KernelRunner = new SandboxedKernelRunner(config),
  ) {
    this.kernels = new KernelPool(runner, config.idleSeconds);
  }

  /** Null when analysis can run here; the reason otherwise (logged, not shown). */
  unavailableReason(): Promise<string | null> {
    return this.runner.unavailableReason();
  }

  async close(): Promise<void> {
    await this.kernels.shutdownAll();
    await this.runner.close();
  }
}
