import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../../app-context';
import { AttemptThrottle } from '../../../auth/throttle/attempt-throttle';
import { HttpError } from '../../../http/http-error';

export function aiRateLimitMessage(limit: number, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return `Too many AI requests (at most ${limit} a minute). Please try again in ${wait}.`;
}

/**
 * One per-user budget for every route that calls a model (rewrite, refine, summaries, the
 * research chat's messages and suggestions, structure, writing jobs, data analysis steps): at
 * most AI_RATE_LIMIT_PER_MINUTE requests a minute, counted in the database so the limit holds
 * across web processes. Counted before the request runs, so parallel requests cannot slip past it
 * together; a refused one answers 429 with Retry-After and costs nothing.
 */
export function modelRateLimit(
  context: Pick<AppContext, 'config' | 'database'>,
): preHandlerAsyncHookHandler {
  const throttle = new AttemptThrottle(context.database.db);
  const rule = { name: 'ai-model', limit: context.config.aiRateLimitPerMinute, windowSeconds: 60 };
  return async (request, reply) => {
    const decision = await throttle.attempt(rule, request.user.id);
    if (decision.allowed) return;
    void reply.header('retry-after', String(decision.retryAfterSeconds));
    throw new HttpError(429, aiRateLimitMessage(rule.limit, decision.retryAfterSeconds));
  };
}
