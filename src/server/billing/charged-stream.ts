import { FINISHED_MARKER, STATUS_MARKER } from '../../shared/ai/stream-markers';
import type { AppContext } from '../app-context';
import { refundCharge, settleCharge } from './ledger';
import { holdCharge, type ChargeRequest } from './with-charge';

const ERROR_PREFIX = STATUS_MARKER('ERROR:').slice(0, -1);
/** Enough of the previous chunk to find a marker split across two chunks. */
const CARRY = 64;

/**
 * withCharge for a streamed AI answer in the marker protocol (src/shared/ai/stream-markers):
 * the charge is taken before the stream is handed to the client (402 as JSON if it cannot be
 * paid), settled when the stream ends with [STATUS:FINISHED], and refunded when it ends with
 * [STATUS:ERROR:…], throws, or is abandoned (the client aborted) before finishing: a section
 * the user never received complete is not paid for.
 */
export async function chargedStream(
  context: Pick<AppContext, 'config' | 'database'>,
  request: ChargeRequest,
  stream: AsyncIterable<string>,
): Promise<AsyncIterable<string>> {
  const held = await holdCharge(context, request);
  if (!held) return stream;
  const db = context.database.db;
  const { generation } = held;

  return (async function* settleWhenFinished() {
    let tail = '';
    let finished = false;
    let failed = false;
    try {
      for await (const chunk of stream) {
        const seen = tail + chunk;
        if (seen.includes(ERROR_PREFIX)) failed = true;
        if (seen.includes(FINISHED_MARKER)) finished = true;
        tail = seen.slice(-CARRY);
        yield chunk;
      }
    } finally {
      if (finished && !failed) await settleCharge(db, request.idempotencyKey, generation);
      else await refundCharge(db, request.idempotencyKey, generation);
    }
  })();
}
