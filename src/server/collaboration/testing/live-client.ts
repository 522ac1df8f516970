import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import {
  DOCUMENT_SCHEMA_VERSION,
  applyMarkdown,
  documentFragment,
  yDocToMarkdown,
} from '../../../shared/document/live/y-document';
import { COLLABORATION_PATH } from '../live-documents';

export interface LiveClientOptions {
  cookie?: string;
  schemaVersion?: number;
}

/**
 * A real Hocuspocus provider on a Node WebSocket that sends the session cookie, as a browser
 * tab does: the API tests' client of a live document.
 */
export class LiveClient {
  readonly ydoc = new Y.Doc();
  readonly provider: HocuspocusProvider;
  readonly websocket: HocuspocusProviderWebsocket;
  /** Why the server refused or closed, once it has. */
  readonly refused: Promise<string>;

  constructor(serverUrl: string, paperId: string, options: LiveClientOptions = {}) {
    const url = new URL(COLLABORATION_PATH, serverUrl.replace(/^http/, 'ws'));
    url.searchParams.set('schema', String(options.schemaVersion ?? DOCUMENT_SCHEMA_VERSION));
    const headers: Record<string, string> = { origin: serverUrl };
    if (options.cookie) headers.cookie = options.cookie;
    class CookieWebSocket extends WebSocket {
      constructor(address: string) {
        super(address, { headers });
      }
    }
    this.websocket = new HocuspocusProviderWebsocket({
      url: url.toString(),
      WebSocketPolyfill: CookieWebSocket,
      delay: 50,
      minDelay: 50,
      maxAttempts: 0,
    });
    let refuse!: (reason: string) => void;
    this.refused = new Promise((resolve) => (refuse = resolve));
    this.provider = new HocuspocusProvider({
      websocketProvider: this.websocket,
      name: paperId,
      document: this.ydoc,
      token: 'session-cookie',
      onAuthenticationFailed: ({ reason }) => refuse(reason),
      onClose: ({ event }) => {
        if (event.reason) refuse(event.reason);
      },
    });
    this.provider.attach();
  }

  /** Resolves once the first sync is done. */
  synced(): Promise<void> {
    if (this.provider.isSynced) return Promise.resolve();
    return new Promise((resolve) => this.provider.on('synced', () => resolve()));
  }

  /** Resolves once the server has acknowledged every local change as stored. */
  async stored(): Promise<void> {
    while (this.provider.hasUnsyncedChanges) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  markdown(): string {
    return yDocToMarkdown(this.ydoc);
  }

  /** Types into the local document, as the editor does, by applying a new markdown. */
  write(markdown: string): void {
    applyMarkdown(this.ydoc, markdown, this.ydoc.clientID);
  }

  /** Appends text to the paragraph at `index`, as a person typing at its end. */
  type(index: number, text: string): void {
    const paragraph = documentFragment(this.ydoc).get(index) as Y.XmlElement;
    const textNode = paragraph.get(0) as Y.XmlText;
    textNode.insert(textNode.length, text);
  }

  /** Waits until the local document reads `expected` (no timing is asserted, only the end). */
  async until(predicate: (markdown: string) => boolean): Promise<string> {
    for (;;) {
      const markdown = this.markdown();
      if (predicate(markdown)) return markdown;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.provider.destroy();
    this.websocket.destroy();
  }
}
