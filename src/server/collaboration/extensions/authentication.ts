import type {
  Connection,
  Extension,
  beforeHandleMessagePayload,
  onConnectPayload,
} from '@hocuspocus/server';
import type { Auth } from '../../auth/auth';
import { resolveSessionUser } from '../../auth/current-user';
import type { SessionCache } from '../../auth/session-cache';
import type { Db } from '../../db/database';
import { liveDocumentAccess } from '../authorization';
import { ACCESS_DENIED, NOT_SIGNED_IN, closeWith } from '../close-codes';
import type { ConnectionContext } from '../connection-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuthenticationOptions {
  db: Db;
  auth: Auth;
  sessions: SessionCache;
  adminEmails: readonly string[];
}

/**
 * Who may open a paper's live document: the session cookie of the WebSocket's upgrade request
 * names the user, the authorization rule decides, on connect and again before every message,
 * so a user signed out or without access is disconnected at the next thing they send.
 */
export class Authentication implements Extension {
  extensionName = 'authentication';
  // Before every other extension: nothing is loaded or kept for a connection refused.
  priority = 1000;
  private readonly admins: ReadonlySet<string>;

  constructor(private readonly options: AuthenticationOptions) {
    this.admins = new Set(options.adminEmails);
  }

  async onConnect({
    requestHeaders,
    documentName,
    connectionConfig,
  }: onConnectPayload): Promise<ConnectionContext> {
    const user = await this.user(requestHeaders);
    const access = UUID.test(documentName) ? await this.access(user, documentName) : 'none';
    if (access === 'none') throw closeWith(ACCESS_DENIED);
    // A viewer or commenter follows the text live but cannot change it.
    connectionConfig.readOnly = access === 'read';
    return { user };
  }

  async beforeHandleMessage({
    requestHeaders,
    documentName,
    connection,
  }: beforeHandleMessagePayload): Promise<void> {
    const user = await this.user(requestHeaders);
    const access = await this.access(user, documentName);
    if (access === 'none') throw closeWith(ACCESS_DENIED);
    // A role changed to viewer or commenter takes effect at the next message.
    if (access === 'read') connection.readOnly = true;
  }

  /**
   * Asks again for open connections, when another process (or this one) says a session or a
   * paper's members changed: a user signed out or removed is disconnected at once, not at
   * their next message. The session cache was emptied before this runs.
   */
  async recheck(connections: readonly Connection[]): Promise<void> {
    const { auth, sessions } = this.options;
    await Promise.all(
      connections.map(async (connection) => {
        const headers = connection.request.headers;
        const user = await resolveSessionUser(auth, sessions, this.admins, headers);
        if (!user) return connection.close(NOT_SIGNED_IN);
        const access = await this.access(user, connection.document.name);
        if (access === 'none') return connection.close(ACCESS_DENIED);
        connection.readOnly = access === 'read';
      }),
    );
  }

  private async user(headers: onConnectPayload['requestHeaders']) {
    const { auth, sessions } = this.options;
    const user = await resolveSessionUser(auth, sessions, this.admins, headers);
    if (!user) throw closeWith(NOT_SIGNED_IN);
    return user;
  }

  private access(user: ConnectionContext['user'], paperId: string) {
    return liveDocumentAccess(this.options.db, user, paperId);
  }
}
