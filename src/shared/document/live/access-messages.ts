/**
 * Stateless message the live document's server sends a connection whose access changed
 * between editing and reading (a role change while the paper is open): the editor asks for
 * its role again and becomes read-only, or editable, at once (docs/sharing.md).
 */
export const ACCESS_CHANGED_MESSAGE = 'access-changed';

/**
 * Why the server closed a connection for lost access (close-codes.ts). Hocuspocus closes one
 * document's connection with its reason only (the code arrives as 1000), so the editor tells
 * lost access by these.
 */
export const NOT_SIGNED_IN_REASON = 'Not signed in';
export const ACCESS_DENIED_REASON = 'You cannot edit this paper';
