import type { SourceStatus } from '../../../shared/literature/search-report';

/** The failures that say a source cannot be reached now, rather than that one request failed. */
export type DownStatus = Extract<SourceStatus, 'unreachable' | 'timeout'>;

export interface HealthOptions {
  /** How long a source that stopped answering is skipped before it is probed again. */
  backoffMs: number;
  /** The longest back-off; each failed probe doubles it up to this. */
  maxBackoffMs: number;
}

interface Down {
  status: DownStatus;
  backoffMs: number;
  /** When the next probe may start. */
  probeAt: number;
  probing: boolean;
}

/**
 * Which outside sources answer. A source that was unreachable or timed out is skipped by
 * searches for a back-off period, so a server without internet answers as fast as its library
 * alone; after the back-off one search probes it in the background (nobody waits for the
 * probe), and the source is asked again once a probe answers. The state is this process's
 * view of the network, not the application's data, so it lives in memory and starts healthy.
 */
export class SourceHealth {
  readonly #down = new Map<string, Down>();

  constructor(
    private readonly options: HealthOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** The status to report for a source being skipped, or null when it should be asked. */
  skipped(sourceId: string): DownStatus | null {
    return this.#down.get(sourceId)?.status ?? null;
  }

  /** Whether a skipped source is due a probe; claims it, so only one probe runs at a time. */
  claimProbe(sourceId: string): boolean {
    const down = this.#down.get(sourceId);
    if (!down || down.probing || down.probeAt > this.now()) return false;
    down.probing = true;
    return true;
  }

  /** Records a failure; true when the source has just gone down (worth one log line). */
  failed(sourceId: string, status: DownStatus): boolean {
    const down = this.#down.get(sourceId);
    if (down) {
      down.backoffMs = Math.min(down.backoffMs * 2, this.options.maxBackoffMs);
      Object.assign(down, { status, probeAt: this.now() + down.backoffMs, probing: false });
      return false;
    }
    const backoffMs = this.options.backoffMs;
    this.#down.set(sourceId, {
      status,
      backoffMs,
      probeAt: this.now() + backoffMs,
      probing: false,
    });
    return true;
  }

  /** Records an answer; true when the source had been down (it is asked again from now on). */
  answered(sourceId: string): boolean {
    return this.#down.delete(sourceId);
  }
}
