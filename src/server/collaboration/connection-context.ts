import type { CurrentUser } from '../auth/current-user';

/** What the authentication extension puts in a connection's Hocuspocus context. */
export interface ConnectionContext {
  user: CurrentUser;
}

export function connectionUser(context: unknown): CurrentUser | undefined {
  const user = (context as Partial<ConnectionContext> | undefined)?.user;
  return user && typeof user.id === 'string' ? user : undefined;
}
