import { ACCESS_CHANGED_MESSAGE } from '../../../shared/document/live/access-messages';
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
import { liveDocumentAccess, type LiveDocumentAccess } from '../authorization';
import { ACCESS_DENIED, NOT_SIGNED_IN, closeWith } from '../close-codes';
import type { ConnectionContext } from '../connection-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuthenticationOptions {
  db: Db;
  auth: Auth;
  sessions: SessionCache;
  adminEmails: readonly string[];
}

/** The rule's answer for one connection, kept until an access event may have changed it. */
interface Decision {
  userId: string;
  access: LiveDocumentAccess;
  /** `Authentication.#generation` when it was asked: an older one is asked again. */
  generation: number;
}

/**
 * Who may open a paper's live document: the session cookie of the WebSocket's upgrade request
 * names the user (before every message, from the session cache), and the authorization rule
 * decides, on connect and before the connection's first message. Its answer is then kept for
 * the connection: access changes only through a sign-out or a member added, changed or removed,
 * and each of those events (in any process) runs `recheck`, which forgets every kept answer and
 * asks again for the connections concerned, closing those that lost access at once. A message
 * thus costs no policy query (issue 32: about one per keystroke before).
 */
export class Authentication implements Extension {
  extensionName = 'authentication';
  // Before every other extension: nothing is loaded or kept for a connection refused.
  priority = 1000;
  private readonly admins: ReadonlySet<string>;
  private readonly decisions = new WeakMap<Connection, Decision>();
  /** Bumped by every recheck: an answer asked for before it (maybe stale) is not kept. */
  #generation = 0;

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
    const access = await this.decided(connection, user, documentName);
    if (access === 'none') throw closeWith(ACCESS_DENIED);
    // A role changed to viewer or commenter takes effect at the next message at the latest.
    if (access === 'read') connection.readOnly = true;
  }

  /** The kept answer for the connection, or the rule's, kept unless a recheck came meanwhile. */
  private async decided(
    connection: Connection,
    user: ConnectionContext['user'],
    paperId: string,
  ): Promise<LiveDocumentAccess> {
    const kept = this.decisions.get(connection);
    if (kept && kept.userId === user.id && kept.generation === this.#generation) {
      return kept.access;
    }
    const generation = this.#generation;
    const access = await this.access(user, paperId);
    if (generation === this.#generation) {
      this.decisions.set(connection, { userId: user.id, access, generation });
    }
    return access;
  }

  /**
   * Asks again for open connections, when another process (or this one) says a session or a
   * paper's members changed: a user signed out or removed is disconnected at once, not at
   * their next message. The session cache was emptied before this runs.
   */
  async recheck(connections: readonly Connection[]): Promise<void> {
    const { auth, sessions } = this.options;
    // Every kept answer goes, not only those of `connections`: one asked for while the event
    // was on its way may predate it.
    this.#generation += 1;
    await Promise.all(
      connections.map(async (connection) => {
        const headers = connection.request.headers;
        const user = await resolveSessionUser(auth, sessions, this.admins, headers);
        if (!user) return connection.close(NOT_SIGNED_IN);
        const access = await this.decided(connection, user, connection.document.name);
        if (access === 'none') return connection.close(ACCESS_DENIED);
        const readOnly = access === 'read';
        if (connection.readOnly === readOnly) return;
        connection.readOnly = readOnly;
        // The open editor follows at once rather than at its next refused change.
        connection.sendStateless(ACCESS_CHANGED_MESSAGE);
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
