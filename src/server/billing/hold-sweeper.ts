import type { Database } from '../db/database';
import type { Log } from '../process-setup';
import { refundStaleHolds } from './ledger';

/** A charge still held this long after its work started is presumed orphaned by a crash. */
export const HOLD_TIMEOUT_MS = 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Refunds charges whose work never reported back. An embedded database is open in one
 * process only, so at start-up every held charge belongs to a dead process and is refunded at
 * once; on PostgreSQL other processes may still be working, so only old holds are refunded.
 */
export async function startHoldSweeper(database: Database, log: Log): Promise<() => void> {
  const sweep = async (cutoff: Date) => {
    const refunded = await refundStaleHolds(database.db, cutoff);
    if (refunded > 0) log('refunded charges of interrupted work', { refunded });
  };
  await sweep(
    database.kind === 'pglite'
      ? new Date(Date.now() + 1000)
      : new Date(Date.now() - HOLD_TIMEOUT_MS),
  );
  const timer = setInterval(() => {
    sweep(new Date(Date.now() - HOLD_TIMEOUT_MS)).catch((error: unknown) =>
      log('billing sweep failed', { error: String(error) }),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
