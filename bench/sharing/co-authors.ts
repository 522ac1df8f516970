/**
 * Writing together on one server process (issue 36), figures only; asserts nothing.
 *
 * A. `--people` people in one paper: the owner creates it and shares it through an invitation
 *    link with role editor, which each co-author accepts (POST /api/invitations/:token/accept);
 *    every person has a real Hocuspocus provider on its own WebSocket and types at a person's
 *    pace (one keystroke every 150–250 ms, starting staggered) at the end of their own
 *    paragraph for `--seconds`, moving their caret in the awareness as the editor does. For
 *    every keystroke: the time until each other person's document has it, and until all of
 *    them have it; the server's resident memory and CPU time.
 * B. `--papers` papers open at once: `--papers-per-person` papers per account (at most the
 *    per-user limit of open documents, ConnectionLimits), one provider on each. Resident memory
 *    before and after they are opened; then `--sample` of them, shared by e-mail with a
 *    co-author (POST /api/papers/:id/members) whose provider is open too, time a keystroke of
 *    the owner to the co-author while `--typing` owners (the sample among them) type at a
 *    person's pace and the other papers stay open.
 *
 * Papers are `--words` words (default 8,000: a journal article of about 16 pages) in
 * 100-word paragraphs. Server: src/server/main.ts in its own process on PGlite, one per
 * scenario; all the clients run in this process, so their work shares the machine too (its CPU
 * time is printed beside the server's).
 *
 *   npx tsx bench/sharing/co-authors.ts [--people 20] [--seconds 30] [--papers 200]
 *     [--papers-per-person 1] [--sample 10] [--typing 50] [--words 8000] [--no-carets]
 *     [--only a|b]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import { documentFragment } from '../../src/shared/document/live/y-document';
import { DEFAULT_CONNECTION_LIMITS } from '../../src/server/collaboration/extensions/connection-limits';
import { LiveClient } from '../../src/server/collaboration/testing/live-client';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';
import { TestClient } from '../../src/server/testing/test-client';
import { percentile, syntheticBlocks } from '../live-document/paper-blocks';
import { seededRandom } from '../search/seeded-random';
import { cpuMs, residentMb } from '../process-stats';
import { flag, textFlag } from '../cli-flags';

const MIN_PAUSE_MS = 150;
const MAX_PAUSE_MS = 250;
const TYPED_TEXT = 'the results suggest a significant effect of sleep on memory consolidation ';
/** Invitation links allow 1–100 uses (docs/sharing.md). */
const MAX_LINK_USES = 100;

function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const ms = (value: number) => `${value.toFixed(1)} ms`;

function spread(sorted: readonly number[]): string {
  if (sorted.length === 0) return 'none arrived';
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1)!)} (n=${sorted.length.toLocaleString('en')})`;
}

async function startServer(): Promise<{ server: ServerProcess; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-co-authors-bench-'));
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CORPUS_AUTOLOAD: 'off',
    // Each TestClient is its own machine (X-Forwarded-For), so sign-ups count per person.
    TRUSTED_PROXIES: 'loopback',
  });
  await server.start(180_000);
  return { server, dataDir };
}

/** Signs up `count` people, ten at a time; `emails[i]` is `people[i]`'s address. */
async function signUpPeople(serverUrl: string, count: number, label: string) {
  const people: TestClient[] = [];
  const emails: string[] = [];
  const run = Date.now();
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => {
      const person = new TestClient(serverUrl);
      const email = `${label}-${i + j}-${run}@example.org`;
      people.push(person);
      emails.push(email);
      return person.signUp(email, undefined, `${label} ${i + j}`);
    });
    await Promise.all(batch);
  }
  return { people, emails };
}

async function createPaper(owner: TestClient, title: string, markdown: string): Promise<string> {
  const created = await owner.post('/api/papers', { title, type: 'scientific', content: markdown });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`paper not created: ${created.status} ${created.text}`);
  }
  return (created.body as unknown as { id: string }).id;
}

/** Opens one provider per (person, paper), at most `parallel` connecting at once. */
async function openAll(
  serverUrl: string,
  pairs: readonly { person: TestClient; paperId: string }[],
  parallel = 20,
): Promise<LiveClient[]> {
  const clients: LiveClient[] = [];
  for (let i = 0; i < pairs.length; i += parallel) {
    const batch = pairs.slice(i, i + parallel).map(({ person, paperId }) => {
      const client = new LiveClient(serverUrl, paperId, { cookie: person.cookieHeader() });
      clients.push(client);
      return Promise.race([
        client.synced(),
        client.refused.then((reason) => {
          throw new Error(`connection to ${paperId} refused: ${reason}`);
        }),
      ]);
    });
    await Promise.all(batch);
  }
  return clients;
}

/** Counts the connections that close while it is on (a reconnect delays what the figures time). */
function countCloses(clients: readonly LiveClient[]): () => number {
  let closes = 0;
  const onClose = () => (closes += 1);
  for (const client of clients) client.websocket.on('close', onClose);
  return () => {
    for (const client of clients) client.websocket.off('close', onClose);
    return closes;
  };
}

/** The indices of the document's paragraphs (not headings), in order. */
function paragraphIndices(ydoc: Y.Doc): number[] {
  return documentFragment(ydoc)
    .toArray()
    .flatMap((node, index) =>
      node instanceof Y.XmlElement && node.nodeName === 'paragraph' ? [index] : [],
    );
}

interface Keystroke {
  typedAt: number;
  /** The writer's clock for it: a reader has it once its state for the writer is past it. */
  clock: number;
  waiting: number;
}

/**
 * The clients of one paper: each keystroke one of them types is timed until every other one's
 * document holds it (read from each reader's state vector on each update it receives).
 */
class Deliveries {
  readonly toOne: number[] = [];
  readonly toAll: number[] = [];
  private readonly typed: Keystroke[][];
  private readonly carets: boolean;

  constructor(
    private readonly clients: readonly LiveClient[],
    options: { carets: boolean },
  ) {
    this.carets = options.carets;
    this.typed = clients.map(() => []);
    clients.forEach((reader, r) => {
      const next = clients.map(() => 0);
      reader.ydoc.on('update', () => {
        const now = performance.now();
        clients.forEach((writer, w) => {
          if (w === r) return;
          const state = Y.getState(reader.ydoc.store, writer.ydoc.clientID);
          const typed = this.typed[w]!;
          while (next[w]! < typed.length && typed[next[w]!]!.clock < state) {
            const keystroke = typed[next[w]!]!;
            this.toOne.push(now - keystroke.typedAt);
            keystroke.waiting -= 1;
            if (keystroke.waiting === 0) this.toAll.push(now - keystroke.typedAt);
            next[w]! += 1;
          }
        });
      });
    });
  }

  get keystrokes(): number {
    return this.typed.reduce((sum, list) => sum + list.length, 0);
  }

  get undelivered(): number {
    return this.typed.reduce(
      (sum, list) => sum + list.reduce((waiting, keystroke) => waiting + keystroke.waiting, 0),
      0,
    );
  }

  /** Types one character at the end of paragraph `index`, moving the caret after it. */
  type(writer: number, index: number, character: string): void {
    const client = this.clients[writer]!;
    const typedAt = performance.now();
    client.type(index, character);
    const clock = Y.getState(client.ydoc.store, client.ydoc.clientID) - 1;
    this.typed[writer]!.push({ typedAt, clock, waiting: this.clients.length - 1 });
    if (this.carets) moveCaret(client, index);
  }

  async drained(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.undelivered > 0 && Date.now() < deadline) await settle(50);
  }
}

/** The caret y-tiptap's cursor plugin publishes: relative positions of anchor and head. */
function moveCaret(client: LiveClient, index: number): void {
  const paragraph = documentFragment(client.ydoc).get(index) as Y.XmlElement;
  const text = paragraph.get(0) as Y.XmlText;
  const position = Y.relativePositionToJSON(
    Y.createRelativePositionFromTypeIndex(text, text.length),
  );
  client.provider.setAwarenessField('cursor', { anchor: position, head: position });
}

function announce(client: LiveClient, name: string, color: string): void {
  client.provider.setAwarenessField('user', { id: name, name, color });
}

/** One person typing at a person's pace into `index` of their paper until `endsAt`. */
async function typist(
  deliveries: Deliveries,
  writer: number,
  index: number,
  endsAt: number,
  seed: number,
): Promise<void> {
  const random = seededRandom(seed);
  await settle(random() * MAX_PAUSE_MS);
  for (let i = 0; performance.now() < endsAt; i++) {
    deliveries.type(writer, index, TYPED_TEXT[i % TYPED_TEXT.length]!);
    await settle(MIN_PAUSE_MS + random() * (MAX_PAUSE_MS - MIN_PAUSE_MS));
  }
}

/** Samples the server's resident set while `work` runs; answers its peak. */
async function peakResident<T>(pid: number, work: Promise<T>): Promise<[T, number]> {
  let peak = residentMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 250);
  try {
    return [await work, Math.max(peak, residentMb(pid))];
  } finally {
    clearInterval(timer);
  }
}

type Row = [measure: string, figure: string];

async function onePaper(people: number, seconds: number, words: number, carets: boolean) {
  const { server, dataDir } = await startServer();
  const clients: LiveClient[] = [];
  try {
    const pid = server.pid!;
    const [owner, ...coAuthors] = (await signUpPeople(server.url, people, 'co-author')).people;
    const { markdown, paragraphs } = syntheticBlocks(words);
    const paperId = await createPaper(owner!, 'Written together', markdown);
    for (let i = 0; i < coAuthors.length; i += MAX_LINK_USES) {
      const group = coAuthors.slice(i, i + MAX_LINK_USES);
      const link = await owner!.post(`/api/papers/${paperId}/invitations`, {
        role: 'editor',
        expiresInDays: 1,
        maxUses: group.length,
      });
      const { token } = link.body as unknown as { token: string };
      for (const person of group) {
        const accepted = await person.post(`/api/invitations/${token}/accept`);
        if ((accepted.body as unknown as { role?: string }).role !== 'editor') {
          throw new Error(`invitation not accepted: ${accepted.status} ${accepted.text}`);
        }
      }
    }
    await settle(3000);
    const stored = residentMb(pid);
    const everyone = [owner!, ...coAuthors];
    clients.push(
      ...(await openAll(
        server.url,
        everyone.map((person) => ({ person, paperId })),
      )),
    );
    clients.forEach((client, i) => announce(client, `Person ${i}`, `hsl(${i * 17}, 70%, 40%)`));
    await settle(3000);
    const open = residentMb(pid);

    const lines = paragraphIndices(clients[0]!.ydoc);
    const step = Math.max(1, Math.floor(lines.length / people));
    const deliveries = new Deliveries(clients, { carets });
    const closes = countCloses(clients);
    const cpuBefore = cpuMs(pid);
    const ownBefore = ownCpuMs();
    const started = performance.now();
    const endsAt = started + seconds * 1000;
    const typing = Promise.all(
      clients.map((_, i) =>
        typist(deliveries, i, lines[(i * step) % lines.length]!, endsAt, i + 1),
      ),
    ).then(() => deliveries.drained());
    const [, peak] = await peakResident(pid, typing);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = cpuMs(pid) - cpuBefore;
    const own = ownCpuMs() - ownBefore;
    const after = residentMb(pid);
    const toOne = deliveries.toOne.sort((a, b) => a - b);
    const toAll = deliveries.toAll.sort((a, b) => a - b);
    const keystrokes = deliveries.keystrokes;
    return [
      [
        `A. paper`,
        `${words.toLocaleString('en')} words, ${paragraphs} paragraphs; ${people} people (owner + ${people - 1} editors by an invitation link), each in their own paragraph`,
      ],
      [
        `A. typing`,
        `${seconds} s, one keystroke per ${MIN_PAUSE_MS}–${MAX_PAUSE_MS} ms each, carets ${carets ? 'moved in the awareness' : 'off'}: ${keystrokes.toLocaleString('en')} keystrokes (${(keystrokes / seconds).toFixed(0)}/s)`,
      ],
      [`A. keystroke → one other person`, spread(toOne)],
      [`A. keystroke → all ${people - 1} others`, spread(toAll)],
      [
        `A. deliveries missing after 30 s; connections closed`,
        `${deliveries.undelivered}; ${closes()}`,
      ],
      [
        `A. server resident memory`,
        `${stored.toFixed(0)} MB paper stored, ${open.toFixed(0)} MB with ${people} open, peak ${peak.toFixed(0)} MB typing, ${after.toFixed(0)} MB after`,
      ],
      [
        `A. server CPU`,
        `${(cpu / 1000).toFixed(1)} s over ${elapsed.toFixed(1)} s (${((cpu / elapsed / 1000) * 100).toFixed(0)} % of a core), ${(cpu / keystrokes).toFixed(2)} ms per keystroke`,
      ],
      [`A. clients' CPU (this process)`, `${(own / 1000).toFixed(1)} s`],
    ] satisfies Row[];
  } catch (error) {
    // Printed before the clients' cleanup, whose own errors could hide it.
    console.error(error);
    throw error;
  } finally {
    for (const client of clients) client.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function manyPapers(
  papers: number,
  perPerson: number,
  sample: number,
  typing: number,
  seconds: number,
  words: number,
  carets: boolean,
) {
  const { server, dataDir } = await startServer();
  const clients: LiveClient[] = [];
  try {
    const pid = server.pid!;
    const owners = (await signUpPeople(server.url, Math.ceil(papers / perPerson), 'owner')).people;
    const { markdown } = syntheticBlocks(words);
    const opened: { person: TestClient; paperId: string }[] = [];
    for (let i = 0; i < papers; i++) {
      const person = owners[Math.floor(i / perPerson)]!;
      opened.push({ person, paperId: await createPaper(person, `Paper ${i}`, markdown) });
    }
    const { people: coAuthors, emails } = await signUpPeople(server.url, sample, 'co-author');
    for (let i = 0; i < sample; i++) {
      const { person, paperId } = opened[i]!;
      const added = await person.post(`/api/papers/${paperId}/members`, {
        email: emails[i],
        role: 'editor',
      });
      if (added.status >= 300) throw new Error(`not shared: ${added.status} ${added.text}`);
    }
    await settle(3000);
    const before = residentMb(pid);
    const openStarted = performance.now();
    clients.push(...(await openAll(server.url, opened)));
    const openSeconds = (performance.now() - openStarted) / 1000;
    await settle(5000);
    const after = residentMb(pid);
    const readers = await openAll(
      server.url,
      coAuthors.map((person, i) => ({ person, paperId: opened[i]!.paperId })),
    );
    clients.push(...readers);
    await settle(2000);

    const lines = paragraphIndices(clients[0]!.ydoc);
    const typists = Math.max(sample, Math.min(typing, papers));
    const pairs = readers.map((reader, i) => new Deliveries([clients[i]!, reader], { carets }));
    const alone = clients
      .slice(sample, typists)
      .map((client) => new Deliveries([client], { carets }));
    const closes = countCloses(clients);
    const cpuBefore = cpuMs(pid);
    const ownBefore = ownCpuMs();
    const started = performance.now();
    const endsAt = started + seconds * 1000;
    const paragraph = lines[Math.floor(lines.length / 2)]!;
    const work = Promise.all([
      ...pairs.map((pair, i) => typist(pair, 0, paragraph, endsAt, i + 1)),
      ...alone.map((single, i) => typist(single, 0, paragraph, endsAt, sample + i + 1)),
    ]).then(() => Promise.all(pairs.map((pair) => pair.drained())));
    const [, peak] = await peakResident(pid, work);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = cpuMs(pid) - cpuBefore;
    const own = ownCpuMs() - ownBefore;
    await settle(3000);
    const afterTyping = residentMb(pid);
    const relay = pairs.flatMap((pair) => pair.toOne).sort((a, b) => a - b);
    const keystrokes = [...pairs, ...alone].reduce((sum, each) => sum + each.keystrokes, 0);
    return [
      [
        `B. papers`,
        `${papers} of ${words.toLocaleString('en')} words open, ${perPerson} per account (${owners.length} accounts; limit ${DEFAULT_CONNECTION_LIMITS.connectionsPerUser} open per account), one provider each; opened in ${openSeconds.toFixed(1)} s`,
      ],
      [
        `B. server resident memory`,
        `${before.toFixed(0)} MB all stored → ${after.toFixed(0)} MB all open: ${((after - before) / papers).toFixed(2)} MB per open paper; peak ${peak.toFixed(0)} MB typing, ${afterTyping.toFixed(0)} MB after`,
      ],
      [
        `B. typing`,
        `${seconds} s, owners of ${typists} papers type (one keystroke per ${MIN_PAUSE_MS}–${MAX_PAUSE_MS} ms; carets ${carets ? 'on' : 'off'}), the other ${papers - typists} stay open: ${keystrokes.toLocaleString('en')} keystrokes`,
      ],
      [`B. keystroke → the co-author (${sample} papers shared by e-mail)`, spread(relay)],
      [
        `B. deliveries missing after 30 s; connections closed`,
        `${pairs.reduce((sum, pair) => sum + pair.undelivered, 0)}; ${closes()}`,
      ],
      [
        `B. server CPU`,
        `${(cpu / 1000).toFixed(1)} s over ${elapsed.toFixed(1)} s (${((cpu / elapsed / 1000) * 100).toFixed(0)} % of a core), ${(cpu / keystrokes).toFixed(2)} ms per keystroke`,
      ],
      [`B. clients' CPU (this process)`, `${(own / 1000).toFixed(1)} s`],
    ] satisfies Row[];
  } catch (error) {
    // Printed before the clients' cleanup, whose own errors could hide it.
    console.error(error);
    throw error;
  } finally {
    for (const client of clients) client.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: readonly Row[]): void {
  const width = Math.max(...rows.map(([measure]) => measure.length));
  for (const [measure, figure] of rows) console.log(`${measure.padEnd(width)}  ${figure}`);
}

const only = textFlag('only');
const seconds = flag('seconds', 30);
const words = flag('words', 8000);
const carets = !process.argv.includes('--no-carets');
const papers = flag('papers', 200);
printTable([[`load average at start (1, 5, 15 min)`, load()]]);
if (only !== 'b') {
  printTable(await onePaper(flag('people', 20), seconds, words, carets));
  printTable([[`load average after A`, load()]]);
}
if (only !== 'a') {
  const perPerson = Math.min(
    flag('papers-per-person', 1),
    DEFAULT_CONNECTION_LIMITS.connectionsPerUser,
  );
  const sample = Math.min(flag('sample', 10), papers);
  printTable(
    await manyPapers(
      papers,
      perPerson,
      sample,
      flag('typing', Math.ceil(papers / 4)),
      seconds,
      words,
      carets,
    ),
  );
  printTable([[`load average after B`, load()]]);
}
