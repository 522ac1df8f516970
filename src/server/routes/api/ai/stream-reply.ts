import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away before the answer is complete (the
 * browser's fetch was aborted or the tab closed), so the provider request is cancelled too.
 */
export function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const abort = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  request.raw.once('close', () => {
    if (request.raw.destroyed && !reply.raw.writableFinished) controller.abort();
  });
  reply.raw.once('close', abort);
  return controller.signal;
}

/** Sends a marker-protocol stream as it is produced (000 §4). */
export function sendStream(reply: FastifyReply, chunks: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(chunks, { objectMode: false }));
}
