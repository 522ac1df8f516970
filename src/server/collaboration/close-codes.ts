import {
  ACCESS_DENIED_REASON,
  NOT_SIGNED_IN_REASON,
} from '../../shared/document/live/access-messages';

/**
 * Why the server ends a live document's connection, as WebSocket close codes (4000–4999 are
 * the application's) with a reason the editor shows or acts upon. The provider reconnects
 * after a close; the editor stops it for the codes that retrying cannot cure.
 */
export interface CloseEvent {
  code: number;
  reason: string;
}

export const NOT_SIGNED_IN: CloseEvent = { code: 4401, reason: NOT_SIGNED_IN_REASON };
export const ACCESS_DENIED: CloseEvent = { code: 4403, reason: ACCESS_DENIED_REASON };
export const MALFORMED_UPDATE: CloseEvent = { code: 4400, reason: 'Malformed update' };
export const UPDATE_TOO_LARGE: CloseEvent = { code: 4413, reason: 'Update too large' };
export const TOO_MANY_CONNECTIONS: CloseEvent = { code: 4429, reason: 'Too many connections' };
export const EDITOR_OUTDATED: CloseEvent = {
  code: 4426,
  reason: 'The editor was updated: reload the page',
};

/** An error a Hocuspocus hook throws to end the connection with this close event. */
export function closeWith(event: CloseEvent): Error & CloseEvent {
  return Object.assign(new Error(event.reason), event);
}
