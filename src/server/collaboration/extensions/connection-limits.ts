import type {
  Extension,
  beforeHandleMessagePayload,
  connectedPayload,
  onDisconnectPayload,
} from '@hocuspocus/server';
import { TOO_MANY_CONNECTIONS, UPDATE_TOO_LARGE, closeWith } from '../close-codes';
import { connectionUser } from '../connection-context';

export interface ConnectionLimitsOptions {
  /** Documents one user may have open at once, over all their tabs. */
  connectionsPerUser: number;
  /** The largest message a client may send (a paste of a whole book is far below it). */
  maxMessageBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimitsOptions = {
  connectionsPerUser: 100,
  maxMessageBytes: 8 * 1024 * 1024,
};

/**
 * Bounds what one user can hold of the server: open documents per user, bytes per message.
 * A message over the limit closes the connection before it is applied or stored, so the
 * document is unchanged and the client keeps its change.
 */
export class ConnectionLimits implements Extension {
  extensionName = 'connection-limits';
  // After authentication (which names the user), before persistence (which stores).
  priority = 800;
  private readonly open = new Map<string, number>();

  constructor(private readonly options: ConnectionLimitsOptions = DEFAULT_CONNECTION_LIMITS) {}

  // Counted once the connection is made: only then does the context name its user.
  async connected({ context, connection }: connectedPayload): Promise<void> {
    const user = connectionUser(context);
    if (!user) return;
    const count = (this.open.get(user.id) ?? 0) + 1;
    this.open.set(user.id, count);
    if (count > this.options.connectionsPerUser) connection.close(TOO_MANY_CONNECTIONS);
  }

  async onDisconnect({ context }: onDisconnectPayload): Promise<void> {
    const user = connectionUser(context);
    if (!user) return;
    const count = (this.open.get(user.id) ?? 1) - 1;
    if (count > 0) this.open.set(user.id, count);
    else this.open.delete(user.id);
  }

  async beforeHandleMessage({ update }: beforeHandleMessagePayload): Promise<void> {
    if (update.byteLength > this.options.maxMessageBytes) throw closeWith(UPDATE_TOO_LARGE);
  }
}
