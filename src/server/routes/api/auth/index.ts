import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { AttemptThrottle, type ThrottleRule } from '../../../auth/throttle/attempt-throttle';
import { sendFetchResponse, toFetchHeaders, toFetchRequest } from '../../../http/fetch-bridge';
import { HttpError } from '../../../http/http-error';
import { tooManyRequests } from '../../../http/too-many-requests';
import { toApiErrorResponse } from './auth-errors';
import { changePasswordBody, signInBody, signUpBody, updateUserBody } from './schema';

/** Failed sign-ins are counted per account over this window (see docs/security.md). */
const SIGN_IN_WINDOW_SECONDS = 15 * 60;
const SIGN_UP_WINDOW_SECONDS = 60 * 60;

/** Auth input is refused with the rule's plain sentence alone, never a field path. */
function parseAuthBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  }
  return result.data;
}

/**
 * better-auth answers every /api/auth/* call; this bridges Fastify to fetch, checks sign-up
 * and sign-in input first, keeps the limits, and gives errors the API's `{error}` shape.
 *
 * Three limits apply (docs/security.md): every auth POST counts towards
 * AUTH_RATE_LIMIT_PER_MINUTE per client address; failed sign-ins count per account, so that a
 * guesser gains nothing by changing address; sign-ups count per client address. Reading the
 * session is never limited: it runs on every page load of a signed-in user, and throttling it
 * would sign people out of their own tabs.
 */
export const authRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { auth, config, database },
) => {
  const throttle = new AttemptThrottle(database.db);
  const signInRule: ThrottleRule = {
    name: 'sign-in-failures',
    limit: config.failedSignInsPerAccount,
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
  };
  const signUpRule: ThrottleRule = {
    name: 'sign-ups',
    limit: config.signUpsPerHour,
    windowSeconds: SIGN_UP_WINDOW_SECONDS,
  };

  async function forward(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
    const response = await auth.handler(toFetchRequest(request, body));
    await sendFetchResponse(reply, await toApiErrorResponse(response));
    return response.ok;
  }

  async function enforce(reply: FastifyReply, rule: ThrottleRule, subject: string) {
    const decision = await throttle.attempt(rule, subject);
    if (decision.allowed) return;
    reply.header('retry-after', String(decision.retryAfterSeconds));
    throw tooManyRequests(decision.retryAfterSeconds);
  }

  const perClient = {
    config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } },
  };

  app.get('/auth/*', async (request, reply) => {
    await forward(request, reply);
  });
  app.post('/auth/*', perClient, async (request, reply) => {
    await forward(request, reply);
  });

  app.post('/auth/sign-up/email', perClient, async (request, reply) => {
    const body = parseAuthBody(signUpBody, request.body);
    // Every accepted attempt counts, failed ones too: that also bounds probing which
    // addresses have accounts.
    await enforce(reply, signUpRule, request.ip);
    await forward(request, reply, body);
  });

  app.post('/auth/sign-in/email', perClient, async (request, reply) => {
    const body = parseAuthBody(signInBody, request.body);
    // Counted before the password is checked, so parallel guesses cannot pass together; a
    // successful sign-in forgets the account's failures.
    await enforce(reply, signInRule, body.email);
    if (await forward(request, reply, body)) await throttle.clear(signInRule, body.email);
  });

  // A new password or name obeys the sign-up rules, or they could be dodged after sign-up.
  app.post('/auth/change-password', perClient, async (request, reply) => {
    const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    // Without a session better-auth answers 401 itself.
    const body = session
      ? parseAuthBody(changePasswordBody(session.user.email), request.body)
      : request.body;
    await forward(request, reply, body);
  });

  app.post('/auth/update-user', perClient, async (request, reply) => {
    await forward(request, reply, parseAuthBody(updateUserBody, request.body));
  });
};
