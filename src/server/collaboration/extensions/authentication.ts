import type { Extension, beforeHandleMessagePayload, onConnectPayload } from '@hocuspocus/server';
import type { Auth } from '../../auth/auth';
import { resolveSessionUser } from '../../auth/current-user';
import type { SessionCache } from '../../auth/session-cache';
import type { Db } from '../../db/database';
import { mayEditLiveDocument } from '../authorization';
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

  async onConnect({ requestHeaders, documentName }: onConnectPayload): Promise<ConnectionContext> {
    const user = await this.user(requestHeaders);
    if (!UUID.test(documentName) || !(await this.mayEdit(user, documentName))) {
      throw closeWith(ACCESS_DENIED);
    }
    return { user };
  }

  async beforeHandleMessage({
    requestHeaders,
    documentName,
  }: beforeHandleMessagePayload): Promise<void> {
    const user = await this.user(requestHeaders);
    if (!(await this.mayEdit(user, documentName))) throw closeWith(ACCESS_DENIED);
  }

  private async user(headers: onConnectPayload['requestHeaders']) {
    const { auth, sessions } = this.options;
    const user = await resolveSessionUser(auth, sessions, this.admins, headers);
    if (!user) throw closeWith(NOT_SIGNED_IN);
    return user;
  }

  private mayEdit(user: ConnectionContext['user'], paperId: string) {
    return mayEditLiveDocument(this.options.db, user, paperId);
  }
}
