import { FINISHED_MARKER, STATUS_MARKER } from '../../shared/ai/stream-markers';
import type { AppContext } from '../app-context';
import { refundCharge, settleCharge } from './ledger';
import { holdCharge, type ChargeRequest } from './with-charge';

const ERROR_PREFIX = STATUS_MARKER('ERROR:').slice(0, -1);
/** Enough of the previous chunk to find a marker split across two chunks. */
const CARRY = 64;

const PART_PREFIX = '[PART:';
const MARKERS = /\[(?:PART|STATUS):[^\]\n]*\]/g;

/** Whether a chunk holds text the user sees: anything after the part marker but markers. */
function shownText(chunk: string, inPart: boolean): boolean {
  const part = chunk.indexOf(PART_PREFIX);
  if (!inPart && part < 0) return false;
  const shown = inPart ? chunk : chunk.slice(part);
  return shown.replace(MARKERS, '') !== '';
}

/**
 * withCharge for a streamed AI answer in the marker protocol (src/shared/ai/stream-markers):
 * the charge is taken before the stream is handed to the client (402 as JSON if it cannot be
 * paid). It is kept when the stream ends with [STATUS:FINISHED], and when the client leaves
 * after text produced by the provider reached it (that text was made and delivered, whether or
 * not the user keeps it). It is refunded when the stream ends with [STATUS:ERROR:…] or throws
 * (the user gets an error, not a text to use), and when the client leaves before any text
 * (docs/billing.md, "What is charged").
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
    let inPart = false;
    let delivered = false;
    try {
      for await (const chunk of stream) {
        const seen = tail + chunk;
        if (seen.includes(ERROR_PREFIX)) failed = true;
        if (seen.includes(FINISHED_MARKER)) finished = true;
        const carriesText = shownText(chunk, inPart);
        if (seen.includes(PART_PREFIX)) inPart = true;
        tail = seen.slice(-CARRY);
        yield chunk;
        // The consumer asked for the next chunk: this one went out to the client.
        if (carriesText) delivered = true;
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      if (!failed && (finished || delivered)) {
        await settleCharge(db, request.idempotencyKey, generation);
      } else {
        await refundCharge(db, request.idempotencyKey, generation);
      }
    }
  })();
}
