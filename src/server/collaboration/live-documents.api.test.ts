import WebSocket from 'ws';
import * as encoding from 'lib0/encoding';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { TestClient } from '../testing/test-client';
import { testDatabaseKinds } from '../testing/test-databases';
import { DOCUMENT_SCHEMA_VERSION } from '../../shared/document/live/y-document';
import { LiveClient } from './testing/live-client';
import { COLLABORATION_PATH } from './live-documents';

const kinds = await testDatabaseKinds();

interface PaperBody {
  id: string;
  content: string;
}

describe.each(kinds)('live documents on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let mallory: TestClient;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice Author');
    mallory = await server.signedInClient('Mallory');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => server.close());

  async function newPaper(content: string): Promise<PaperBody> {
    const created = await alice.post('/api/papers', { title: 'Live', type: 'essay', content });
    return created.body as unknown as PaperBody;
  }

  function connect(paperId: string, client: TestClient | null, schemaVersion?: number) {
    const live = new LiveClient(server.url, paperId, {
      cookie: client?.cookieHeader(),
      schemaVersion,
    });
    clients.push(live);
    return live;
  }

  async function content(paperId: string): Promise<string> {
    const response = await alice.get(`/api/papers/${paperId}`);
    return (response.body as unknown as PaperBody).content;
  }

  async function contentUntil(paperId: string, expected: string): Promise<string> {
    for (let i = 0; i < 500; i++) {
      const now = await content(paperId);
      if (now === expected) return now;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return content(paperId);
  }

  it('opens an existing paper from its markdown and keeps what its owner types', async () => {
    const paper = await newPaper('# Intro\n\nFirst paragraph.');
    const live = connect(paper.id, alice);
    await live.synced();
    expect(live.markdown()).toBe('# Intro\n\nFirst paragraph.');
    live.type(1, ' Typed live.');
    await live.stored();
    expect(await contentUntil(paper.id, '# Intro\n\nFirst paragraph. Typed live.')).toBe(
      '# Intro\n\nFirst paragraph. Typed live.',
    );
  });

  it('refuses a stranger and an anonymous client, and the paper is unchanged', async () => {
    const paper = await newPaper('Private text.');
    expect(await connect(paper.id, mallory).refused).toBe('You cannot edit this paper');
    expect(await connect(paper.id, null).refused).toBe('Not signed in');
    expect(await content(paper.id)).toBe('Private text.');
  });

  it('tells an editor built for another schema to reload', async () => {
    const paper = await newPaper('Text.');
    const live = connect(paper.id, alice, DOCUMENT_SCHEMA_VERSION + 1);
    expect(await live.refused).toBe('The editor was updated: reload the page');
  });

  it('shows a PUT from another client in an open editor, keeping what it typed', async () => {
    const paper = await newPaper('# Intro\n\nOne.\n\nTwo.');
    const live = connect(paper.id, alice);
    await live.synced();
    live.type(1, ' Typed in the editor.');
    await live.stored();
    const read = await content(paper.id);
    const put = await alice.put(`/api/papers/${paper.id}`, {
      content: read.replace('Two.', 'Two, rewritten by a script.'),
    });
    expect(put.status).toBe(200);
    const expected = '# Intro\n\nOne. Typed in the editor.\n\nTwo, rewritten by a script.';
    expect(await live.until((markdown) => markdown === expected)).toBe(expected);
    expect((put.body as unknown as PaperBody).content).toBe(expected);
  });

  it('closes a connection that sends a malformed update, and loses nothing', async () => {
    const paper = await newPaper('Kept text.');
    const live = connect(paper.id, alice);
    await live.synced();
    const socket = await rawSocket(alice);
    const closed = new Promise<string>((resolve) =>
      socket.on('message', (data: Buffer) => {
        if (data.toString('latin1').includes('Malformed update')) resolve('Malformed update');
      }),
    );
    socket.send(authMessage(paper.id));
    socket.send(updateMessage(paper.id, new Uint8Array([0xff, 0xff, 0xff, 0x01, 0x02])));
    expect(await closed).toBe('Malformed update');
    socket.close();
    live.type(0, ' And more.');
    await live.stored();
    expect(await contentUntil(paper.id, 'Kept text. And more.')).toBe('Kept text. And more.');
  });

  it('refuses an update over the size limit with its reason', async () => {
    const paper = await newPaper('Small text.');
    const socket = await rawSocket(alice);
    const closed = new Promise<string>((resolve) =>
      socket.on('message', (data: Buffer) => {
        if (data.toString('latin1').includes('Update too large')) resolve('Update too large');
      }),
    );
    socket.send(authMessage(paper.id));
    socket.send(updateMessage(paper.id, new Uint8Array(9 * 1024 * 1024)));
    expect(await closed).toBe('Update too large');
    socket.close();
    expect(await content(paper.id)).toBe('Small text.');
  });

  async function rawSocket(client: TestClient): Promise<WebSocket> {
    const url = new URL(COLLABORATION_PATH, server.url.replace(/^http/, 'ws'));
    url.searchParams.set('schema', String(DOCUMENT_SCHEMA_VERSION));
    const socket = new WebSocket(url, {
      headers: { cookie: client.cookieHeader(), origin: server.url },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return socket;
  }
});

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
