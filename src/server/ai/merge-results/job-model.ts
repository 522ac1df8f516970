import type { Db } from '../../db/database';
import { findJob } from '../../queue/job-store';

/**
 * The provider-qualified name of the model a job wrote with (its input's `model`), for the
 * provenance of the text it saves; '' for a job whose input holds none.
 */
export async function jobModelName(db: Db, jobId: string): Promise<string> {
  const job = await findJob(db, jobId);
  const model = (job?.input as { model?: { model_name?: unknown } } | null | undefined)?.model;
  return typeof model?.model_name === 'string' ? model.model_name : '';
}
