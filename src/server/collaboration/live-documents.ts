import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus, type Document, type Extension } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import RedisClient from 'ioredis';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { applyMarkdown, yDocToMarkdown } from '../../shared/document/live/y-document';
import type { Auth } from '../auth/auth';
import type { SessionCache } from '../auth/session-cache';
import type { Db } from '../db/database';
import type { DatabaseEvents } from '../db/database-events';
import type { Log } from '../process-setup';
import { connectionUser } from './connection-context';
import { compactPendingUpdates } from './document-store';
import { PostgresRelay } from './postgres-relay';
import { Authentication } from './extensions/authentication';
import {
  ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  type ConnectionLimitsOptions,
} from './extensions/connection-limits';
import { EditorVersion } from './extensions/editor-version';
import { Logging } from './extensions/logging';
import { Persistence } from './extensions/persistence';

/** The path on the API's port where editors open their WebSocket. */
export const COLLABORATION_PATH = '/collaboration';

/**
 * Who made a server-side change: the transaction's Yjs origin, so a client's undo manager
 * (which tracks only its own origin) never undoes it, and logs can name the writer.
 */
export interface WriterOrigin {
  /** 'api' (PUT /api/papers/{id}, POST /api/autosave), 'ai-writing', 'rewrite', 'restore'… */
  writer: string;
  userId?: string | undefined;
}

/** A paper's live document at one moment, for a writer to compute its change against later. */
export interface LiveSnapshot {
  /** The whole state as one Yjs update (Y.applyUpdate on a new Y.Doc rebuilds it). */
  state: Uint8Array;
  stateVector: Uint8Array;
  markdown: string;
}

/** A whole markdown string applied to the live document: its text before and after. */
export interface LiveReplacement {
  replaced: string;
  markdown: string;
}

export interface LiveDocumentsOptions {
  db: Db;
  auth: Auth;
  sessions: SessionCache;
  adminEmails: readonly string[];
  log: Log;
  /** With it, updates and awareness are relayed to the other processes (several web processes). */
  redisUrl?: string | undefined;
  /**
   * Without Redis, on PostgreSQL: the database's notifications relay updates and awareness
   * to the other processes on it (postgres-relay.ts). Unset on PGlite (one process).
   */
  databaseRelay?: { events: DatabaseEvents } | undefined;
  limits?: ConnectionLimitsOptions;
}

/**
 * The live documents of this process: a Hocuspocus instance whose concerns are extensions
 * (extensions/), the WebSocket it serves on the API's port, and the API every server-side
 * writer uses instead of replacing papers.content. See README.md.
 */
export class LiveDocuments {
  readonly hocuspocus: Hocuspocus;
  private readonly persistence: Persistence;
  private readonly authentication: Authentication;
  private readonly sockets: WebSocketServer;
  /** An open document's markdown, undefined once it changed (`openMarkdown`). */
  private readonly markdowns = new WeakMap<Document, string | undefined>();

  constructor(private readonly options: LiveDocumentsOptions) {
    const { db, auth, sessions, adminEmails, log, redisUrl } = options;
    const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
    const relay =
      !redisUrl && options.databaseRelay
        ? new PostgresRelay(
            options.databaseRelay.events,
            db,
            (paperId) => this.hocuspocus.documents.get(paperId),
            () => this.hocuspocus.documents.values(),
            log,
          )
        : undefined;
    this.persistence = new Persistence(
      db,
      relay && ((paperId, update) => relay.announce(paperId, update)),
    );
    this.authentication = new Authentication({ db, auth, sessions, adminEmails });
    const extensions: Extension[] = [
      this.authentication,
      new EditorVersion(),
      new ConnectionLimits(limits),
      this.persistence,
      new Logging(log),
      ...(relay ? [relay] : []),
    ];
    if (redisUrl) {
      extensions.push(new Redis({ createClient: () => new RedisClient(redisUrl) }));
    }
    // The store's debounce decides only how fresh papers.content is (each update is logged
    // before it is acknowledged, extensions/persistence.ts): a second after typing stops, at
    // most five while it goes on.
    this.hocuspocus = new Hocuspocus({
      extensions,
      quiet: true,
      debounce: 1000,
      maxDebounce: 5000,
    });
    // Over the limit by a margin, so the limits extension can close with its own reason
    // rather than ws cutting the socket.
    this.sockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes * 2 });
  }

  /** Compacts what a crash left in the update log, so papers.content is current again. */
  async start(): Promise<void> {
    await compactPendingUpdates(this.options.db);
  }

  /** Takes over an HTTP upgrade request for COLLABORATION_PATH (the caller checked path and origin). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.sockets.handleUpgrade(request, socket, head, (websocket) => {
      this.hocuspocus.handleConnection(websocket, request);
    });
  }

  /**
   * Runs `change` on the paper's live document as one Yjs transaction, whether or not anyone
   * has it open (it is loaded for the time of the change, and kept until its store ran), and
   * resolves once the change is in the update log: durable, and relayed to the other processes.
   * With `compaction: 'now'` (the default) it also waits for the compaction, so papers.content
   * holds the change for every reader; with 'debounced' Hocuspocus's debounced store compacts it
   * (1 s after the last change, at most 5 s), as for typing — for frequent writers whose readers
   * use `openMarkdown` or who write papers.content themselves (PUT /api/papers/{id}). Open
   * editors receive the change at once. `change` must be synchronous: it sees the document as
   * it is, with every update received so far.
   */
  async transact<T>(
    paperId: string,
    origin: WriterOrigin,
    change: (ydoc: Y.Doc) => T,
    { compaction = 'now' }: { compaction?: 'now' | 'debounced' } = {},
  ): Promise<T> {
    const connection = await this.hocuspocus.openDirectConnection(paperId, { origin });
    // Loaded (or found) by the direct connection, which counts as one of its connections.
    const document = this.hocuspocus.documents.get(paperId)!;
    const updates: Uint8Array[] = [];
    let result!: T;
    try {
      // Not `connection.transact`, which stores at once: a second compaction when the
      // connection closes, each decoding and serializing the whole paper.
      const collect = (update: Uint8Array, transactionOrigin: unknown) => {
        if (transactionOrigin === origin) updates.push(update);
      };
      document.on('update', collect);
      try {
        document.transact(() => {
          result = change(document);
        }, origin);
      } finally {
        document.off('update', collect);
      }
      // The log makes the change durable, whoever compacts it (with Redis another process may
      // hold the store lock).
      await Promise.all(updates.map((update) => this.persistence.append(paperId, update)));
    } finally {
      if (updates.length > 0 && compaction === 'now') await connection.disconnect();
      else this.release(document);
    }
    return result;
  }

  /**
   * Ends a direct connection without storing: nothing changed, or the change is logged and
   * Hocuspocus's debounced store (scheduled by the change) compacts it and then unloads the
   * document if no one else has it open.
   */
  private release(document: Document): void {
    document.removeDirectConnection();
    void this.hocuspocus.unloadDocument(document);
  }

  /**
   * Applies a whole markdown string as the smallest change from the live document's current
   * state (y-prosemirror's diff): blocks that did not change are untouched, so what others
   * type elsewhere stays. Answers the document's markdown afterwards.
   */
  applyMarkdown(
    paperId: string,
    markdown: string,
    origin: WriterOrigin,
    options?: { compaction?: 'now' | 'debounced' },
  ): Promise<string> {
    return this.transact(
      paperId,
      origin,
      (ydoc) => {
        applyMarkdown(ydoc, markdown, origin);
        return yDocToMarkdown(ydoc);
      },
      options,
    );
  }

  /** As `applyMarkdown`, answering also the markdown the document held just before the change. */
  replaceMarkdown(
    paperId: string,
    markdown: string,
    origin: WriterOrigin,
  ): Promise<LiveReplacement> {
    return this.transact(paperId, origin, (ydoc) => {
      const replaced = yDocToMarkdown(ydoc);
      applyMarkdown(ydoc, markdown, origin);
      return { replaced, markdown: yDocToMarkdown(ydoc) };
    });
  }

  /**
   * The markdown of the paper's live document when this process has it open (papers.content
   * lags it by the store's debounce), else undefined: papers.content is then current.
   */
  openMarkdown(paperId: string): string | undefined {
    const document = this.hocuspocus.documents.get(paperId);
    if (!document) return undefined;
    // Serializing a long paper costs tens of milliseconds: kept until the document changes.
    let markdown = this.markdowns.get(document);
    if (markdown === undefined) {
      if (!this.markdowns.has(document)) {
        document.on('update', () => this.markdowns.set(document, undefined));
      }
      markdown = yDocToMarkdown(document);
      this.markdowns.set(document, markdown);
    }
    return markdown;
  }

  /** The live document now: what a writer keeps when its job begins. */
  snapshot(paperId: string): Promise<LiveSnapshot> {
    return this.transact(paperId, { writer: 'snapshot' }, (ydoc) => ({
      state: Y.encodeStateAsUpdate(ydoc),
      stateVector: Y.encodeStateVector(ydoc),
      markdown: yDocToMarkdown(ydoc),
    }));
  }

  /**
   * Asks the access rule again for the open connections (of `userId` to `paperId`, when given):
   * a session ended or a member removed, in this process or another, closes their sockets
   * here at once. Runs after the session cache was emptied.
   */
  async recheckAccess(only: { paperId?: string; userId?: string } = {}): Promise<void> {
    const connections = [...this.hocuspocus.documents.values()]
      .filter((document) => only.paperId === undefined || document.name === only.paperId)
      .flatMap((document) => document.getConnections())
      .filter(
        (connection) =>
          only.userId === undefined || connectionUser(connection.context)?.id === only.userId,
      );
    await this.authentication.recheck(connections);
  }

  /** Ends every connection to the paper (deleted, or access withdrawn). */
  disconnect(paperId: string): void {
    this.hocuspocus.closeConnections(paperId);
  }

  /** Ends every WebSocket (the HTTP server is closing); their documents are stored and unloaded. */
  closeSockets(): void {
    for (const websocket of this.sockets.clients) websocket.terminate();
  }

  /** Closes every connection and waits until the open documents are stored and unloaded. */
  async close(): Promise<void> {
    this.closeSockets();
    this.sockets.close();
    this.hocuspocus.closeConnections();
    const deadline = Date.now() + 10_000;
    while (this.hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
  }
}
