import { STATUS_MARKER } from '../../../shared/ai/stream-markers';
import type { Db } from '../../db/database';
import { findOwnedStep } from './step-store';

const POLL_MS = 250;

/**
 * The POST's streamed text: what the step's job writes to its row (the plan, then the report),
 * sent as it appears, until the job ends or the client leaves. The job runs on the queue, so
 * the text survives a dropped connection and the client can read the rest from the job route.
 */
export async function* followStepText(
  db: Db,
  ownerId: string,
  stepId: string,
  signal: AbortSignal,
): AsyncGenerator<string> {
  // Sent at once, so the headers (x-step-id) reach the browser before the model's first words
  // and it can poll the step's progress; the client drops STATUS chunks (000 §4).
  yield STATUS_MARKER('started');
  let sent = 0;
  while (!signal.aborted) {
    const found = await findOwnedStep(db, ownerId, stepId);
    if (!found) return;
    const { text } = found.step;
    if (text.length > sent) {
      yield text.slice(sent);
      sent = text.length;
    }
    if (found.status !== 'pending' && found.status !== 'processing') return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
