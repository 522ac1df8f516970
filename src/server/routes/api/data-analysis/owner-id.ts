import type { CurrentUser } from '../../../auth/current-user';
import { notFound } from '../../../http/http-error';

/**
 * Spec 002 §6: the data-file calls carry the user id (the original client sent the session's
 * e-mail). It is checked, never trusted: anything but the signed-in user's id or e-mail answers
 * 404, as another user's file would.
 */
export function requireOwnUserId(user: CurrentUser, userId: unknown): void {
  if (typeof userId !== 'string' || (userId !== user.id && userId !== user.email)) {
    throw notFound('Data file');
  }
}
