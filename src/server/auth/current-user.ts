import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth';
import { toFetchHeaders } from '../http/fetch-bridge';
import type { SessionCache } from './session-cache';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser;
  }
}

/**
 * A preHandler for every private route: resolves the session cookie through better-auth and
 * answers 401 without touching the route when there is none. A session found is remembered
 * (`SessionCache`), so a signed-in user's requests cost no session query.
 */
export function sessionGuard(auth: Auth, sessions: SessionCache, adminEmails: string[]) {
  const admins = new Set(adminEmails);
  return async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    const cookie = request.headers.cookie;
    const known = cookie ? sessions.find(cookie) : undefined;
    if (known) {
      request.user = known;
      return;
    }
    const generation = sessions.generation;
    const found = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    if (!found) {
      return reply.code(401).send({ error: 'Not signed in' });
    }
    const email = found.user.email.toLowerCase();
    request.user = {
      id: found.user.id,
      email,
      name: found.user.name,
      isAdmin: admins.has(email),
    };
    if (cookie) sessions.remember(cookie, request.user, found.session.expiresAt, generation);
  };
}
