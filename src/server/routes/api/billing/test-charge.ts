import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { Readable } from 'node:stream';
import { chargedStream } from '../../../billing/charged-stream';
import { withCharge } from '../../../billing/with-charge';
import { ERROR_MARKER, FINISHED_MARKER, PART_MARKER } from '../../../../shared/ai/stream-markers';
import { HttpError, parseWith } from '../../../http/http-error';
import { testChargeBody, testStreamBody } from './schema';

/**
 * Only mounted with SCRIPTOR_TEST_ROUTES=1: priced work that succeeds or fails on request, so
 * API tests and the benchmark exercise withCharge through the real server.
 */
export const testChargeRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.post('/test/billing/charge', async (request) => {
    const body = parseWith(testChargeBody, request.body);
    const priced =
      body.amountMicros === undefined
        ? { costPerSection: body.costPerSection }
        : { amountMicros: body.amountMicros };
    return withCharge(
      context,
      { userId: request.user.id, what: 'Test work', idempotencyKey: body.key, ...priced },
      async (charge) => {
        if (body.workMs > 0) await new Promise((resolve) => setTimeout(resolve, body.workMs));
        if (body.fail) throw new HttpError(500, 'Planned failure');
        return { charged: charge.amountMicros };
      },
    );
  });

  app.post('/test/billing/stream', async (request, reply) => {
    const body = parseWith(testStreamBody, request.body);
    async function* answer() {
      yield PART_MARKER('content');
      for (const word of ['One ', 'section ', 'of ', 'text.']) {
        await new Promise((resolve) => setTimeout(resolve, body.delayMs));
        yield word;
      }
      yield body.outcome === 'error' ? ERROR_MARKER('Provider failed') : FINISHED_MARKER;
    }
    const stream = await chargedStream(
      context,
      {
        userId: request.user.id,
        what: 'Test stream',
        idempotencyKey: body.key,
        costPerSection: 0.05,
      },
      answer(),
    );
    return reply.header('content-type', 'text/plain; charset=utf-8').send(Readable.from(stream));
  });
};
