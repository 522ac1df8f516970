import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ChatJobStatus } from '../../../../shared/chat/chat';
import type { AppContext } from '../../../app-context';
import type { ChatTextEvent } from '../../../ai/chat/chat-text-streams';
import { notFound, parseWith } from '../../../http/http-error';
import { findOwnedJob } from '../../../queue/job-store';
import { CHAT_JOB } from '../../../queue/jobs/chat-answer';
import { isUuid } from '../files/schema';
import { chatJobQuery } from './schema';

type JobRow = NonNullable<Awaited<ReturnType<typeof findOwnedJob>>>;

/** What GET /api/chat/v2 answers for a job's row (002 §4). */
export function chatJobStatus(row: JobRow): ChatJobStatus {
  const stage = (row.progress as { stage?: string } | null)?.stage;
  return {
    status: (row.status === 'processing' && stage === 'streaming'
      ? 'streaming'
      : row.status) as ChatJobStatus['status'],
    result: row.status === 'completed' ? (row.result as ChatJobStatus['result']) : null,
    error: row.error,
  };
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);
/**
 * A comment this often keeps proxies from closing an idle stream, and the row is read again
 * then, so a job cancelled, or an end whose notification was lost, still ends the stream.
 */
const RECHECK_MS = 15_000;

/**
 * GET /api/chat/v2/stream?jobId= (docs/chat.md, 'Streaming'): the answer's text as server-sent
 * events while the job writes it: `data: {"at","text"}` for each piece (the first carries all
 * written so far; at 0 after a retry means start again), then `event: done` with what the poll
 * would answer, and the stream ends. The 5 s poll stays the fallback; the job and the stored
 * answer are the same either way.
 */
export const chatStreamRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;

  app.get('/chat/v2/stream', async (request, reply) => {
    const { jobId } = parseWith(chatJobQuery, request.query);
    const owned = jobId && isUuid(jobId) ? await findOwnedJob(db, request.user.id, jobId) : null;
    if (!jobId || !owned || owned.type !== CHAT_JOB) throw notFound('Job');
    const userId = request.user.id;
    const out = new PassThrough();
    let ended = false;
    const finish = (row: JobRow) => {
      if (ended) return;
      ended = true;
      stop();
      clearInterval(timer);
      out.end(`event: done\ndata: ${JSON.stringify(chatJobStatus(row))}\n\n`);
    };
    const readRow = async () => {
      const row = await findOwnedJob(db, userId, jobId).catch(() => undefined);
      if (row && FINISHED.has(row.status)) finish(row);
    };
    const stop = context.chatText.watch(jobId, (event: ChatTextEvent) => {
      if (ended) return;
      if (event.kind === 'settled') void readRow();
      else out.write(`data: ${JSON.stringify({ at: event.at, text: event.text })}\n\n`);
    });
    const timer = setInterval(() => {
      if (ended) return;
      out.write(': waiting\n\n');
      void readRow();
    }, RECHECK_MS);
    reply.raw.once('close', () => {
      ended = true;
      stop();
      clearInterval(timer);
    });
    // Watching first, then the row: an answer settled in between is seen either way.
    if (FINISHED.has(owned.status)) finish(owned);
    else void readRow();
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(out);
  });
};
