import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from './database';

const CHANNEL = 'scriptor_events';
const RECONNECT_MS = 1000;

/** What one process tells the others sharing its database. */
export type DatabaseEvent =
  | { kind: 'sessions-changed' }
  | { kind: 'paper-access-changed'; paperId: string; userId: string }
  /**
   * A live document changed in process `from` (without Redis, src/server/collaboration/
   * postgres-relay.ts): the Yjs update in base64, or none when it was too large for a
   * notification (the others read the paper's state from the database instead).
   */
  | { kind: 'live-document-update'; from: string; paperId: string; update?: string }
  /** Who is in a live document and where their carets are, changed in process `from` (base64). */
  | { kind: 'live-document-awareness'; from: string; paperId: string; update: string }
  /** A piece of a chat answer as it is written: `text` starts at offset `at` of the answer. */
  | { kind: 'chat-text'; jobId: string; at: number; text: string }
  /** A job's row holds its outcome (completed, failed for good, cancelled). */
  | { kind: 'job-settled'; jobId: string };

type Handler = (event: DatabaseEvent) => void;

/**
 * Events between the processes of one database (docs/security.md, 'Session lookups'): on
 * PostgreSQL through LISTEN/NOTIFY on a connection of its own; PGlite is opened by one process
 * only, so there an event only reaches this process's handlers. A handler runs in the
 * publishing process at once, and in the others when PostgreSQL delivers the notification.
 *
 * `live` is false while the listening connection is down: whatever was published meanwhile is
 * lost, so caches that rely on the events must not be trusted then (`onResync` tells them to
 * start afresh once it is back).
 */
export class DatabaseEvents {
  readonly #origin = randomUUID();
  #handlers: Handler[] = [];
  #resyncs: (() => void)[] = [];
  #client: pg.Client | undefined;
  #live: boolean;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Pick<Database, 'kind' | 'url' | 'executor'>) {
    this.#live = database.kind === 'pglite';
  }

  get live(): boolean {
    return this.#live;
  }

  /** Adds `handler`; returns the function that removes it. */
  on(handler: Handler): () => void {
    this.#handlers.push(handler);
    return () => {
      this.#handlers = this.#handlers.filter((known) => known !== handler);
    };
  }

  onResync(handler: () => void): void {
    this.#resyncs.push(handler);
  }

  async start(): Promise<void> {
    if (this.database.kind !== 'postgres' || !this.database.url) return;
    await this.#connect();
  }

  async publish(event: DatabaseEvent): Promise<void> {
    this.#dispatch(event);
    if (this.database.kind !== 'postgres') return;
    const payload = JSON.stringify({ origin: this.#origin, event });
    await this.database.executor.executeSql('select pg_notify($1, $2)', [CHANNEL, payload]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#live = this.database.kind === 'pglite';
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #dispatch(event: DatabaseEvent): void {
    for (const handler of this.#handlers) handler(event);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#live = false;
      client.end().catch(() => undefined);
      if (!this.#closed) this.#timer = setTimeout(() => void this.#retry(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { origin, event } = JSON.parse(message.payload) as {
        origin: string;
        event: DatabaseEvent;
      };
      if (origin !== this.#origin) this.#dispatch(event);
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.#client = client;
    const wasDown = !this.#live;
    this.#live = true;
    if (wasDown) for (const resync of this.#resyncs) resync();
  }

  async #retry(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#connect();
    } catch {
      this.#timer = setTimeout(() => void this.#retry(), RECONNECT_MS);
    }
  }
}
