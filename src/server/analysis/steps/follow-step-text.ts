import { STATUS_MARKER } from '../../../shared/ai/stream-markers';
import type { Db } from '../../db/database';
import type { DatabaseEvents } from '../../db/database-events';
import { findOwnedStep } from './step-store';

const POLL_MS = 250;

/**
 * The POST's streamed text: what the step's job writes to its row (the plan, then the report),
 * sent as it appears, until the job ends or the client leaves. The job runs on the queue, so
 * the text survives a dropped connection and the client can read the rest from the job route.
 * The row is read every 250 ms, and at once when the queue announces the step's job ended
 * (`job-settled`), so the stream ends with the step rather than up to a poll later.
 */
export async function* followStepText(
  db: Db,
  events: Pick<DatabaseEvents, 'on'>,
  ownerId: string,
  stepId: string,
  signal: AbortSignal,
): AsyncGenerator<string> {
  let ended = false;
  let wake = () => {};
  const stop = events.on((event) => {
    if (event.kind !== 'job-settled' || event.jobId !== stepId) return;
    ended = true;
    wake();
  });
  try {
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
      // Ended while the row was being read: read it again at once.
      if (ended) {
        ended = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    stop();
  }
}
