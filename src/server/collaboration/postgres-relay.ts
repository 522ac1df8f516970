import { randomUUID } from 'node:crypto';
import type { Document, Extension, afterLoadDocumentPayload } from '@hocuspocus/server';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Db } from '../db/database';
import type { DatabaseEvent, DatabaseEvents } from '../db/database-events';
import type { Log } from '../process-setup';
import { loadLiveState } from './document-store';

/**
 * PostgreSQL's NOTIFY carries at most 8,000 bytes; base64 adds a third. Larger updates (a
 * paste, an AI result) are announced without their bytes, and the others read the state.
 */
const INLINE_UPDATE_BYTES = 5000;

/** How long a document's awareness changes gather before one notification carries them. */
const AWARENESS_BATCH_MS = 50;

/** The origin of awareness applied from another process, which is not announced back. */
const RELAYED = Symbol('relayed from another process');

/**
 * Several web processes on one PostgreSQL without REDIS_URL: each logged update is announced
 * through the database's LISTEN/NOTIFY (DatabaseEvents), and every other process that has the
 * paper open applies it, so their editors never diverge (docs/live-document.md). Awareness
 * (who is there, their carets) goes the same way, the changes of this process's clients
 * gathered for AWARENESS_BATCH_MS into one awareness update; a process that opens the paper later learns
 * the others' states when their editors renew them (every 15 s).
 */
export class PostgresRelay implements Extension {
  extensionName = 'postgres-relay';
  readonly #self = randomUUID();

  constructor(
    private readonly events: DatabaseEvents,
    private readonly db: Db,
    private readonly openDocument: (paperId: string) => Document | undefined,
    private readonly openDocuments: () => Iterable<Document>,
    private readonly log: Log,
  ) {
    events.on((event) => {
      if (event.kind === 'live-document-awareness' && event.from !== this.#self) {
        const document = this.openDocument(event.paperId);
        const update = Buffer.from(event.update, 'base64');
        if (document) applyAwarenessUpdate(document.awareness, update, RELAYED);
        return;
      }
      if (event.kind !== 'live-document-update' || event.from === this.#self) return;
      const document = this.openDocument(event.paperId);
      if (!document) return; // not open here: its next load reads the database
      if (event.update) applyRelayed(document, Buffer.from(event.update, 'base64'));
      else void this.#reload(document);
    });
    // Notifications sent while the listening connection was down are lost: read every open
    // document's state afresh.
    events.onResync(() => {
      for (const document of this.openDocuments()) void this.#reload(document);
    });
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    const changed = new Set<number>();
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      // A client known no more (the document was unloaded meanwhile) has nothing to say.
      const clients = [...changed].filter((client) => document.awareness.meta.has(client));
      changed.clear();
      if (clients.length > 0) this.#announceAwareness(documentName, document, clients);
    };
    document.awareness.on(
      'update',
      (changes: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        if (origin === RELAYED) return;
        for (const client of [...changes.added, ...changes.updated, ...changes.removed]) {
          changed.add(client);
        }
        // One notification per document at most every AWARENESS_BATCH_MS, with each client's
        // latest state: a client sending carets as fast as it can costs the database no more.
        timer ??= setTimeout(flush, AWARENESS_BATCH_MS);
      },
    );
  }

  #announceAwareness(paperId: string, document: Document, clients: number[]): void {
    const whole = encodeAwarenessUpdate(document.awareness, clients);
    // A person's name and caret is a few hundred bytes; a client's state too large for a
    // notification is its own oddity, left out rather than read from the database.
    const updates =
      whole.byteLength <= INLINE_UPDATE_BYTES
        ? [whole]
        : clients
            .map((client) => encodeAwarenessUpdate(document.awareness, [client]))
            .filter((update) => update.byteLength <= INLINE_UPDATE_BYTES);
    for (const update of updates) {
      this.#publish(paperId, {
        kind: 'live-document-awareness',
        from: this.#self,
        paperId,
        update: Buffer.from(update).toString('base64'),
      });
    }
  }

  /**
   * Tells the other processes of an update this one logged. A notification that fails is
   * only logged: the update is stored, the others read it when they next load or resync.
   */
  announce(paperId: string, update: Uint8Array): void {
    const inline = update.byteLength <= INLINE_UPDATE_BYTES;
    this.#publish(paperId, {
      kind: 'live-document-update',
      from: this.#self,
      paperId,
      ...(inline ? { update: Buffer.from(update).toString('base64') } : {}),
    });
  }

  #publish(paperId: string, event: DatabaseEvent): void {
    this.events.publish(event).catch((error: unknown) =>
      this.log('Live document change not announced to other processes', {
        paperId,
        kind: event.kind,
        error: String(error),
      }),
    );
  }

  async #reload(document: Document): Promise<void> {
    const state = await loadLiveState(this.db, document.name).catch(() => undefined);
    if (state) applyRelayed(document, state);
  }
}

/**
 * Applied with no origin: Hocuspocus sends it to this process's editors but does not store it
 * again (the process that received it stores it).
 */
function applyRelayed(document: Document, update: Uint8Array): void {
  Y.applyUpdate(document, update, null);
}
