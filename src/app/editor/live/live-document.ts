import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import {
  ACCESS_CHANGED_MESSAGE,
  ACCESS_DENIED_REASON,
  NOT_SIGNED_IN_REASON,
} from '../../../shared/document/live/access-messages';
import { DOCUMENT_SCHEMA_VERSION } from '../../../shared/document/live/y-document';

/** What makes the editor stop trying: reasons the server gives that a retry cannot cure. */
export type LiveRefusal = 'outdated' | 'denied';

export interface LiveDocument {
  ydoc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves once the browser's own copy (IndexedDB) is read into the document. */
  local: Promise<void>;
  destroy(): void;
}

export interface LiveDocumentEvents {
  onRefused(refusal: LiveRefusal, reason: string): void;
  /** Whether every change made here is stored on the server. */
  onStored(stored: boolean): void;
  /** The reader's role changed while the paper is open (between editing and reading). */
  onAccessChanged(): void;
  /** The reader lost access while the paper is open (removed, or signed out elsewhere). */
  onAccessLost(): void;
}

function collaborationUrl(): string {
  const url = new URL('/collaboration', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('schema', String(DOCUMENT_SCHEMA_VERSION));
  return url.toString();
}

/**
 * A paper's live document in this tab: synced with the server over the collaboration
 * WebSocket (the session cookie authenticates it; it reconnects by itself after a network
 * loss or a server restart) and kept in IndexedDB, so typing done offline survives a closed
 * tab and lands when the connection is back.
 */
export function openLiveDocument(paperId: string, events: LiveDocumentEvents): LiveDocument {
  const ydoc = new Y.Doc();
  const local = new IndexeddbPersistence(`scriptor-paper-${paperId}`, ydoc);
  const websocket = new HocuspocusProviderWebsocket({
    url: collaborationUrl(),
    delay: 250,
    minDelay: 250,
    maxDelay: 5000,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: websocket,
    name: paperId,
    document: ydoc,
    // The session cookie authenticates; Hocuspocus still expects a token message.
    token: 'session-cookie',
    onAuthenticationFailed: ({ reason }) => {
      events.onRefused(reason.includes('reload') ? 'outdated' : 'denied', reason);
      websocket.disconnect();
    },
    onUnsyncedChanges: ({ number }) => events.onStored(number === 0),
    onStateless: ({ payload }) => {
      if (payload === ACCESS_CHANGED_MESSAGE) events.onAccessChanged();
    },
    // Closed for lost access (signed out, or no access any more): no retry.
    onClose: ({ event }) => {
      if (event.reason !== ACCESS_DENIED_REASON && event.reason !== NOT_SIGNED_IN_REASON) return;
      events.onAccessLost();
      websocket.disconnect();
    },
  });
  provider.attach();
  return {
    ydoc,
    provider,
    local: local.whenSynced.then(() => undefined),
    destroy() {
      provider.destroy();
      websocket.destroy();
      void local.destroy();
      ydoc.destroy();
    },
  };
}
