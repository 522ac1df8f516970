import type { Database } from '../../db/database';
import { deleteUnreachableDrafts } from '../../papers/draft-papers';
import type { Log } from '../../process-setup';
import { LISTED_STATUSES, LISTED_TYPES } from './listed-jobs';

/** A wizard draft the jobs list cannot lead back to is kept this long after its last change. */
export const UNREACHABLE_DRAFT_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes the wizard's drafts that nobody can get back to (docs/structure.md, 'Drafts'): once
 * at start and then hourly, in every process (the delete is idempotent).
 */
export function startDraftSweeper(database: Database, log: Log): () => void {
  const sweep = async () => {
    const cutoff = new Date(Date.now() - UNREACHABLE_DRAFT_MS);
    const removed = await deleteUnreachableDrafts(
      database.db,
      cutoff,
      LISTED_TYPES,
      LISTED_STATUSES,
    );
    if (removed > 0) log('removed wizard drafts left behind', { removed });
  };
  const run = () => {
    sweep().catch((error: unknown) => log('draft sweep failed', { error: String(error) }));
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
