import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth';
import { toFetchHeaders } from '../http/fetch-bridge';

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
 * answers 401 without touching the route when there is none.
 */
export function sessionGuard(auth: Auth, adminEmails: string[]) {
  const admins = new Set(adminEmails);
  return async function requireSession(request: FastifyRequest, reply: FastifyReply) {
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
  };
}
