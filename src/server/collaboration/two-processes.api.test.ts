import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/test-client';
import { testDatabaseKinds } from '../testing/test-databases';
import { LiveClient } from './testing/live-client';
import {
  redisReachable,
  redisUrlForTests,
  startTwoProcesses,
  type TwoProcesses,
} from './testing/two-processes';

// Several web processes need PostgreSQL (PGlite is opened by one process only).
const kinds = await testDatabaseKinds();
const postgres = kinds.includes('postgres');
const redis = postgres && (await redisReachable());

let userCounter = 0;

async function signedUp(url: string, name: string): Promise<{ client: TestClient; email: string }> {
  const client = new TestClient(url);
  userCounter += 1;
  const email = `two-processes-${userCounter}-${Date.now()}@example.org`;
  await client.signUp(email, undefined, name);
  return { client, email };
}

async function newPaper(client: TestClient, content: string): Promise<string> {
  const created = await client.post('/api/papers', { title: 'Shared', type: 'essay', content });
  expect(created.status).toBe(201);
  return (created.body as unknown as { id: string }).id;
}

/** A request with `client`'s session to another process (the cookie is valid in both). */
async function requestAs(
  client: TestClient,
  url: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      cookie: client.cookieHeader(),
      origin: url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Polls `read` until `done`; the wait only keeps a broken relay from hanging the file. */
async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves with `promise`, or with 'still open' once a socket should long have been closed. */
function closedOrStillOpen(promise: Promise<string>): Promise<string> {
  // Under the provider's 30 s reconnect check and the awareness renewal (the clients below
  // send none): only the server closing the socket makes it resolve earlier.
  return Promise.race([
    promise,
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 12_000)),
  ]);
}

function awarenessNames(client: LiveClient): string[] {
  return [...client.provider.awareness!.getStates().values()]
    .map((state) => (state.user as { name?: string } | undefined)?.name)
    .filter((name): name is string => typeof name === 'string');
}

describe.runIf(redis)('two web processes on one PostgreSQL, relayed through Redis', () => {
  let processes: TwoProcesses;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses({ REDIS_URL: redisUrlForTests() });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => processes?.close());

  function connect(url: string, paperId: string, client: TestClient): LiveClient {
    const live = new LiveClient(url, paperId, { cookie: client.cookieHeader() });
    clients.push(live);
    return live;
  }

  it('a client on each sees the other’s typing and presence, and the stored paper has both', async () => {
    const { first, second } = processes;
    const { client: alice } = await signedUp(first.url, 'Alice');
    const paperId = await newPaper(alice, '# Intro\n\nShared paragraph.');
    const onFirst = connect(first.url, paperId, alice);
    const onSecond = connect(second.url, paperId, alice);
    await Promise.all([onFirst.synced(), onSecond.synced()]);

    onFirst.type(1, ' Typed on the first.');
    onSecond.type(1, ' Typed on the second.');
    const both = (markdown: string) =>
      markdown.includes(' Typed on the first.') && markdown.includes(' Typed on the second.');
    const [seenOnFirst, seenOnSecond] = await Promise.all([
      onFirst.until(both),
      onSecond.until(both),
    ]);
    expect(seenOnFirst).toBe(seenOnSecond);

    onFirst.provider.setAwarenessField('user', { name: 'Alice on the first' });
    onSecond.provider.setAwarenessField('user', { name: 'Alice on the second' });
    expect(
      await eventually(
        () => awarenessNames(onSecond),
        (names) => names.includes('Alice on the first'),
      ),
    ).toContain('Alice on the first');
    expect(
      await eventually(
        () => awarenessNames(onFirst),
        (names) => names.includes('Alice on the second'),
      ),
    ).toContain('Alice on the second');

    await Promise.all([onFirst.stored(), onSecond.stored()]);
    expect(
      await eventually(
        () => processes.storedContent(paperId),
        (stored) => stored === seenOnFirst,
      ),
    ).toBe(seenOnFirst);
  });

  it('a member removed in one process is disconnected in the other at once', async () => {
    const { first, second } = processes;
    const { client: owner } = await signedUp(first.url, 'Owner');
    const { client: bob, email } = await signedUp(first.url, 'Bob');
    const paperId = await newPaper(owner, 'A paper Bob edits.');
    const added = await owner.post(`/api/papers/${paperId}/members`, { email, role: 'editor' });
    expect(added.status).toBe(201);
    const bobId = (added.body as unknown as { member: { user_id: string } }).member.user_id;

    const bobsSocket = connect(second.url, paperId, bob);
    await bobsSocket.synced();
    // Bob sends nothing from here on: only the server can end his socket.
    bobsSocket.provider.awareness!.setLocalState(null);
    expect((await owner.delete(`/api/papers/${paperId}/members/${bobId}`)).status).toBe(200);
    expect(await closedOrStillOpen(bobsSocket.refused)).toBe('You cannot edit this paper');
  });

  it('a session signed out in one process is disconnected in the other at once', async () => {
    const { first, second } = processes;
    const { client: dana } = await signedUp(second.url, 'Dana');
    const paperId = await newPaper(dana, 'Dana’s paper.');
    const danasSocket = connect(first.url, paperId, dana);
    await danasSocket.synced();
    danasSocket.provider.awareness!.setLocalState(null);
    expect((await dana.post('/api/auth/sign-out')).status).toBe(200);
    expect(await closedOrStillOpen(danasSocket.refused)).toBe('Not signed in');
  });
});

// Without REDIS_URL the database's notifications relay the document and presence, so a
// second process's editors never silently diverge (docs/live-document.md).
describe.runIf(postgres)('two web processes on one PostgreSQL without Redis', () => {
  let processes: TwoProcesses;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses();
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await processes?.close();
  });

  it('a client on each sees the other’s typing and a PUT to either, and the stored paper has all', async () => {
    const { first, second } = processes;
    const { client: alice } = await signedUp(first.url, 'Alice');
    const paperId = await newPaper(alice, '# Intro\n\nShared paragraph.\n\nSecond paragraph.');
    const onFirst = new LiveClient(first.url, paperId, { cookie: alice.cookieHeader() });
    const onSecond = new LiveClient(second.url, paperId, { cookie: alice.cookieHeader() });
    clients.push(onFirst, onSecond);
    await Promise.all([onFirst.synced(), onSecond.synced()]);

    onFirst.type(1, ' Typed on the first.');
    onSecond.type(1, ' Typed on the second.');
    const both = (markdown: string) =>
      markdown.includes(' Typed on the first.') && markdown.includes(' Typed on the second.');
    const [seenOnFirst, seenOnSecond] = await Promise.all([
      onFirst.until(both),
      onSecond.until(both),
    ]);
    expect(seenOnFirst).toBe(seenOnSecond);
    await Promise.all([onFirst.stored(), onSecond.stored()]);

    // A script's PUT through the second process reaches the editor on the first.
    const read = await requestAs(alice, second.url, 'GET', `/api/papers/${paperId}`);
    const replaced = (read.body as { content: string }).content.replace(
      'Second paragraph.',
      'Second paragraph, by a script.',
    );
    const put = await requestAs(alice, second.url, 'PUT', `/api/papers/${paperId}`, {
      content: replaced,
    });
    expect(put.status).toBe(200);
    const expected = replaced;
    expect(await onFirst.until((markdown) => markdown === expected)).toBe(expected);
    expect(
      await eventually(
        () => processes.storedContent(paperId),
        (stored) => stored === expected,
      ),
    ).toBe(expected);
  });

  it('co-authors on each process see who is there and where, and who left', async () => {
    const { first, second } = processes;
    const { client: owner } = await signedUp(first.url, 'Owner');
    const { client: bob, email } = await signedUp(first.url, 'Bob');
    const paperId = await newPaper(owner, 'A paper written together.');
    expect(
      (await owner.post(`/api/papers/${paperId}/members`, { email, role: 'editor' })).status,
    ).toBe(201);
    const ownersTab = new LiveClient(first.url, paperId, { cookie: owner.cookieHeader() });
    const bobsTab = new LiveClient(second.url, paperId, { cookie: bob.cookieHeader() });
    clients.push(ownersTab, bobsTab);
    await Promise.all([ownersTab.synced(), bobsTab.synced()]);

    ownersTab.provider.setAwarenessField('user', { name: 'Owner' });
    bobsTab.provider.setAwarenessField('user', { name: 'Bob' });
    const caret = { anchor: 'start', head: 'start' };
    bobsTab.provider.setAwarenessField('cursor', caret);
    expect(
      await eventually(
        () => awarenessNames(ownersTab),
        (names) => names.includes('Bob'),
      ),
    ).toEqual(expect.arrayContaining(['Owner', 'Bob']));
    expect(
      await eventually(
        () => awarenessNames(bobsTab),
        (names) => names.includes('Owner'),
      ),
    ).toEqual(expect.arrayContaining(['Owner', 'Bob']));
    const bobsState = [...ownersTab.provider.awareness!.getStates().values()].find(
      (state) => (state.user as { name?: string } | undefined)?.name === 'Bob',
    );
    expect(bobsState?.cursor).toEqual(caret);

    bobsTab.close();
    expect(
      await eventually(
        () => awarenessNames(ownersTab),
        (names) => !names.includes('Bob'),
      ),
    ).toEqual(['Owner']);
  });
});
