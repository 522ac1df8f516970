import type { IncomingHttpHeaders } from 'node:http';
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
 * The signed-in user of a request's headers, through the session cookie, or undefined. A
 * session found is remembered (`SessionCache`), so a signed-in user's requests cost no
 * session query. Used by the API and by the live document's WebSocket alike.
 */
export async function resolveSessionUser(
  auth: Auth,
  sessions: SessionCache,
  admins: ReadonlySet<string>,
  headers: IncomingHttpHeaders,
): Promise<CurrentUser | undefined> {
  const cookie = headers.cookie;
  const known = cookie ? sessions.find(cookie) : undefined;
  if (known) return known;
  const generation = sessions.generation;
  const found = await auth.api.getSession({ headers: toFetchHeaders(headers) });
  if (!found) return undefined;
  const email = found.user.email.toLowerCase();
  const user: CurrentUser = {
    id: found.user.id,
    email,
    name: found.user.name,
    isAdmin: admins.has(email),
  };
  if (cookie) sessions.remember(cookie, user, found.session.expiresAt, generation);
  return user;
}

/**
 * A preHandler for every private route: resolves the session cookie through better-auth and
 * answers 401 without touching the route when there is none.
 */
export function sessionGuard(auth: Auth, sessions: SessionCache, adminEmails: string[]) {
  const admins = new Set(adminEmails);
  return async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    const user = await resolveSessionUser(auth, sessions, admins, request.headers);
    if (!user) return reply.code(401).send({ error: 'Not signed in' });
    request.user = user;
  };
}
