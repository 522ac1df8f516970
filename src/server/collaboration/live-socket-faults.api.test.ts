import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mergeSectionIntoFragment } from '../../shared/ai/section-merge/merge-into-fragment';
import {
  DOCUMENT_SCHEMA_VERSION,
  documentFragment,
  yDocToMarkdown,
} from '../../shared/document/live/y-document';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { TestClient } from '../testing/test-client';
import { testDatabaseKinds } from '../testing/test-databases';
import { loadLiveState } from './document-store';
import { COLLABORATION_PATH } from './live-documents';
import { LiveClient } from './testing/live-client';

const kinds = await testDatabaseKinds();

interface PaperBody {
  id: string;
  content: string;
}

/**
 * Bad input and lost access on the live document's socket (issue 32): each is refused with a
 * reason a person can read, and nothing stored is lost. (Malformed and oversized updates and an
 * old schema: live-documents.api.test.ts.) Then typing an AI merge rescued is in the database
 * a restarted server loads.
 */
describe.each(kinds)('the live document socket on %s', (kind) => {
  let server: TestServer;
  let owner: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  const clients: LiveClient[] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await server.signedInClient('Olive Owner');
    member = await server.signedInClient('Mia Member');
    stranger = await server.signedInClient('Mallory');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(() => server.close());

  async function newPaper(content: string): Promise<PaperBody> {
    const created = await owner.post('/api/papers', { title: 'Live', type: 'essay', content });
    return created.body as unknown as PaperBody;
  }

  async function share(paperId: string, role: 'editor' | 'viewer'): Promise<void> {
    const email = ((await member.get('/api/me')).body.user as { email: string }).email;
    expect((await owner.post(`/api/papers/${paperId}/members`, { email, role })).status).toBe(201);
  }

  async function memberId(): Promise<string> {
    return ((await member.get('/api/me')).body.user as { id: string }).id;
  }

  function connect(paperId: string, client: TestClient): LiveClient {
    const live = new LiveClient(server.url, paperId, { cookie: client.cookieHeader() });
    clients.push(live);
    return live;
  }

  async function content(paperId: string): Promise<string> {
    return ((await owner.get(`/api/papers/${paperId}`)).body as unknown as PaperBody).content;
  }

  /** What a server started now would load: the stored state and every logged update. */
  async function storedMarkdown(paperId: string): Promise<string> {
    const state = await loadLiveState(server.context.database.db, paperId);
    const ydoc = new Y.Doc();
    if (state) Y.applyUpdate(ydoc, state);
    return yDocToMarkdown(ydoc);
  }

  async function rawSocket(client: TestClient): Promise<WebSocket> {
    const url = new URL(COLLABORATION_PATH, server.url.replace(/^http/, 'ws'));
    url.searchParams.set('schema', String(DOCUMENT_SCHEMA_VERSION));
    const socket = new WebSocket(url, {
      headers: { cookie: client.cookieHeader(), origin: server.url },
    });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return socket;
  }

  /**
   * A raw socket signed in on `paperId`, as a client that has not heard of later changes: its
   * updates are sent as they are, and each answers whether the server stored it.
   */
  async function rawSession(client: TestClient, paperId: string) {
    const socket = await rawSocket(client);
    const answers: { type: number; value: number }[] = [];
    const waiting: (() => void)[] = [];
    socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarString(decoder) !== paperId) return;
      const type = decoding.readVarUint(decoder);
      if (type !== AUTH && type !== SYNC_STATUS) return;
      answers.push({ type, value: decoding.readVarUint(decoder) });
      for (const wake of waiting.splice(0)) wake();
    });
    const next = async (type: number): Promise<number> => {
      for (;;) {
        const index = answers.findIndex((answer) => answer.type === type);
        if (index >= 0) return (answers.splice(index, 1)[0] as { value: number }).value;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    };
    socket.send(authMessage(paperId));
    expect(await next(AUTH)).toBe(AUTHENTICATED);
    return {
      /** Sends an update; true when the server answers that it is stored. */
      async send(update: Uint8Array): Promise<boolean> {
        socket.send(updateMessage(paperId, update));
        return (await next(SYNC_STATUS)) === 1;
      },
    };
  }

  /** Resolves with the first of `reasons` a message from the server carries. */
  function heard(socket: WebSocket, ...reasons: string[]): Promise<string> {
    return new Promise((resolve) => {
      socket.on('message', (data: Buffer) => {
        const text = data.toString('latin1');
        const reason = reasons.find((candidate) => text.includes(candidate));
        if (reason) resolve(reason);
      });
    });
  }

  /** An update that appends `text` to the document's first paragraph, made on a copy of it. */
  async function typingUpdate(paperId: string, text: string): Promise<Uint8Array> {
    const { state } = await server.context.liveDocuments.snapshot(paperId);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, state);
    const before = Y.encodeStateVector(copy);
    const paragraph = documentFragment(copy).get(0) as Y.XmlElement;
    const textNode = paragraph.get(0) as Y.XmlText;
    textNode.insert(textNode.length, text);
    return Y.encodeStateAsUpdate(copy, before);
  }

  it('refuses an update for a paper the user may not see, and the paper is unchanged', async () => {
    const own = (
      await stranger.post('/api/papers', { title: 'Mine', type: 'essay', content: 'Mine.' })
    ).body as unknown as PaperBody;
    const paper = await newPaper('Private text.');
    const update = await typingUpdate(paper.id, ' Written by a stranger.');
    const socket = await rawSocket(stranger);
    const refused = heard(socket, 'You cannot edit this paper');
    // Signed in on their own paper, the stranger sends an update naming the other one, then
    // asks for it.
    socket.send(authMessage(own.id));
    socket.send(updateMessage(paper.id, update));
    socket.send(authMessage(paper.id));
    socket.send(updateMessage(paper.id, update));
    expect(await refused).toBe('You cannot edit this paper');
    expect(await content(paper.id)).toBe('Private text.');
    expect(await storedMarkdown(paper.id)).toBe('Private text.');
  });

  it('refuses a viewer’s write on the read-only connection; the document is unchanged', async () => {
    const paper = await newPaper('The owner’s text.');
    await share(paper.id, 'viewer');
    const viewer = connect(paper.id, member);
    await viewer.synced();
    expect(viewer.markdown()).toBe('The owner’s text.');
    const session = await rawSession(member, paper.id);
    expect(await session.send(await typingUpdate(paper.id, ' A viewer’s words.'))).toBe(false);
    const writer = connect(paper.id, owner);
    await writer.synced();
    writer.type(0, ' More from the owner.');
    await writer.stored();
    const expected = 'The owner’s text. More from the owner.';
    expect(await viewer.until((markdown) => markdown === expected)).toBe(expected);
    expect(await content(paper.id)).toBe(expected);
    expect(await storedMarkdown(paper.id)).toBe(expected);
  });

  it('closes a removed member’s open editor at once, with its reason', async () => {
    const paper = await newPaper('Shared text.');
    await share(paper.id, 'editor');
    const live = connect(paper.id, member);
    await live.synced();
    live.type(0, ' Typed while a member.');
    await live.stored();
    const removed = await owner.delete(`/api/papers/${paper.id}/members/${await memberId()}`);
    expect(removed.status).toBe(200);
    // Nothing is sent by the member: the server closes the connection by itself.
    expect(await live.refused).toBe('You cannot edit this paper');
    expect(await content(paper.id)).toBe('Shared text. Typed while a member.');
  });

  it('makes an editor turned viewer read-only at once', async () => {
    const paper = await newPaper('Shared text.');
    await share(paper.id, 'editor');
    const session = await rawSession(member, paper.id);
    expect(await session.send(await typingUpdate(paper.id, ' As an editor.'))).toBe(true);
    const changed = await owner.patch(`/api/papers/${paper.id}/members/${await memberId()}`, {
      role: 'viewer',
    });
    expect(changed.status).toBe(200);
    expect(await session.send(await typingUpdate(paper.id, ' As a viewer.'))).toBe(false);
    expect(await storedMarkdown(paper.id)).toBe('Shared text. As an editor.');
  });

  it('logs typing rescued from a paragraph an AI merge replaced: a restart finds it', async () => {
    const paper = await newPaper('# Paper\n\n## Introduction\n\nOld intro.\n\n## Methods\n\nM.');
    const live = connect(paper.id, owner);
    await live.synced();
    // The person types into the introduction's paragraph before hearing of the merge: their
    // keystrokes are on their way while the server replaces the paragraph.
    const typist = new Y.Doc();
    Y.applyUpdate(typist, (await server.context.liveDocuments.snapshot(paper.id)).state);
    const before = Y.encodeStateVector(typist);
    const intro = documentFragment(typist).get(2) as Y.XmlElement;
    (intro.get(0) as Y.XmlText).insert('Old intro.'.length, ' Typed on its way.');
    const typing = Y.encodeStateAsUpdate(typist, before);
    const session = await rawSession(owner, paper.id);

    const origin = { writer: 'ai-writing' };
    const outcome = await server.context.liveDocuments.transact(paper.id, origin, (ydoc) =>
      mergeSectionIntoFragment(
        documentFragment(ydoc),
        {
          place: { sectionIndex: 1, sectionTitle: 'Introduction', sectionLevel: 2 },
          baseMarkdown: 'Old intro.',
          newMarkdown: 'The AI’s intro.',
        },
        origin,
      ),
    );
    expect(outcome.status).toBe('merged');
    expect(await session.send(typing)).toBe(true);
    // Acknowledged, so in the database a restarted server loads (the store's compaction, a
    // second later, has not run: this is the update log).
    const expected =
      '# Paper\n\n## Introduction\n\nThe AI’s intro.\n\nTyped on its way.\n\n## Methods\n\nM.';
    expect(await storedMarkdown(paper.id)).toBe(expected);
    expect(await live.until((markdown) => markdown === expected)).toBe(expected);
  });
});

// Hocuspocus's message types and its auth message's answers.
const AUTH = 2;
const SYNC_STATUS = 8;
const AUTHENTICATED = 2;

function authMessage(paperId: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, paperId);
  encoding.writeVarUint(encoder, 2); // Auth
  encoding.writeVarUint(encoder, 0); // token
  encoding.writeVarString(encoder, 'session-cookie');
  return encoding.toUint8Array(encoder);
}

function updateMessage(paperId: string, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, paperId);
  encoding.writeVarUint(encoder, 0); // Sync
  encoding.writeVarUint(encoder, 2); // Update
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}
