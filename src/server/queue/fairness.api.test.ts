import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatJobStatus } from '../../shared/chat/chat';
import { ALL_TYPES_FILTERS, startModelServer } from '../routes/api/ai/ai-test-support';
import {
  analyse,
  analystResponder,
  isAnalysisRequest,
  SCORES_CSV,
  uploadDataFile,
  userIdOf,
} from '../routes/api/data-analysis/analysis-test-support';
import {
  defaultResponder,
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server';
import type { TestClient } from '../testing/test-client';
import { testDatabaseKinds } from '../testing/test-databases';
import type { TestServer } from '../testing/test-server';

const kinds = await testDatabaseKinds();

/** Alice's requests carry this word; the fake model holds each of her answers until released. */
const SLOW = 'ALICESLOW';

const SEARCH = {
  includeText: '',
  excludeText: '',
  yearStart: 1990,
  yearEnd: new Date().getFullYear(),
  minCitations: 0,
  documentTypes: ALL_TYPES_FILTERS.documentTypes,
};
const QUESTION = 'Are articles freely available on the web cited more often than paywalled ones?';
const TOPIC = {
  description: 'Whether free availability on the web raises the citations of articles.',
  methodology: 'Bibliometric comparison',
  field: 'Information science',
  paperType: 'scientific',
  filters: ALL_TYPES_FILTERS,
};

function answer(chat: ChatRequest): FakeAnswer {
  if (isAnalysisRequest(chat, 'PLAN') && chat.prompt.includes(SLOW)) {
    // Alice's step is slow in the kernel too, as in the probe.
    return {
      kind: 'json',
      value: { plan: 'Wait, then count.', cells: ['import time\ntime.sleep(5)\nprint("slept")'] },
    };
  }
  const analysis = analystResponder(chat);
  if (analysis) return analysis;
  const properties = chat.body.response_format?.json_schema?.schema?.properties ?? {};
  if ('intent' in properties) return { kind: 'json', value: { intent: 'literature' } };
  if ('sections' in properties) {
    const [first, second] = evidenceIds(chat.prompt);
    const works = [first, second, 'ref_zzzzzzzz'].filter(Boolean);
    return {
      kind: 'json',
      value: {
        sections: [
          { level: 2, title: 'Introduction', purpose: 'Motivates the question.', works },
          { level: 2, title: 'Methods', purpose: 'Describes the comparison.', works },
          { level: 2, title: 'Results', purpose: 'Reports the counts.', works },
        ],
      },
    };
  }
  return defaultResponder(chat);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 1200; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

/** The job's status, with its error when it failed (so a failure reads as one). */
const statusOf = async (client: TestClient, path: string) => {
  const body = (await client.get(path)).body as unknown as ChatJobStatus;
  return body.error ? `${body.status}: ${body.error}` : body.status;
};
const settled = (status: string) => !['pending', 'processing', 'streaming'].includes(status);

/**
 * Issue 31.4: alice's slow work (its model answers held until the test releases them) must not
 * hold back bob's. Before, each job type had one worker taking one job at a time: bob's jobs
 * could not finish until alice's had, so these tests waited for ever. Only order is asserted.
 */
describe.each(kinds)('two users side by side on %s', { timeout: 600_000 }, (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(
      kind,
      [{ model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true }],
      // Two slots per type: one user may hold one of them while another waits.
      { JOB_CONCURRENCY: '2', ANALYSIS_CELL_TIMEOUT_SECONDS: '60' },
    ));
    fake.respond = (chat) => {
      const reply = answer(chat);
      // Alice's analysis plan is answered at once, so that her slow cell runs in the kernel;
      // her report is what waits.
      if (!chat.prompt.includes(SLOW) || isAnalysisRequest(chat, 'PLAN')) return reply;
      if (reply.kind === 'json') return { ...reply, after: gate };
      if (reply.kind === 'text') return { ...reply, firstChunkAfter: gate };
      return reply;
    };
  });
  afterAll(async () => {
    release();
    await close();
  });

  const closeGate = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  const aliceWaiting = () =>
    until(
      async () => fake.chats.filter((chat) => chat.prompt.includes(SLOW)).length,
      (count) => count > 0,
    );

  it("bob's structure and chat finish while alice's two structures and chat wait on the model", async () => {
    closeGate();
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const aliceStructures = [];
    for (const n of [1, 2]) {
      const started = await alice.post('/api/structure', { ...TOPIC, title: `${SLOW} paper ${n}` });
      expect(started.status).toBe(202);
      aliceStructures.push(started.body.jobId as string);
    }
    const aliceChat = await alice.post('/api/chat/v2', {
      question: `${SLOW} ${QUESTION}`,
      createNewConversation: true,
      searchResults: SEARCH,
    });
    expect(aliceChat.status).toBe(200);
    await aliceWaiting();

    const bobStructure = await bob.post('/api/structure', { ...TOPIC, title: 'Open access' });
    const bobChat = await bob.post('/api/chat/v2', {
      question: QUESTION,
      createNewConversation: true,
      searchResults: SEARCH,
    });
    const structurePath = (jobId: unknown) => `/api/structure?jobId=${String(jobId)}`;
    const chatPath = (jobId: unknown) => `/api/chat/v2?jobId=${String(jobId)}`;
    expect(await until(() => statusOf(bob, structurePath(bobStructure.body.jobId)), settled)).toBe(
      'completed',
    );
    expect(await until(() => statusOf(bob, chatPath(bobChat.body.jobId)), settled)).toBe(
      'completed',
    );

    // Bob is done while all of alice's work is still open: her first structure running, her
    // second waiting for her share, her chat running.
    const aliceOpen = await Promise.all([
      ...aliceStructures.map((jobId) => statusOf(alice, structurePath(jobId))),
      statusOf(alice, chatPath(aliceChat.body.jobId)),
    ]);
    expect(aliceOpen.map(settled)).toEqual([false, false, false]);
    expect(aliceOpen.filter((status) => status === 'pending')).toHaveLength(1);

    release();
    for (const jobId of aliceStructures) {
      expect(await until(() => statusOf(alice, structurePath(jobId)), settled)).toBe('completed');
    }
    expect(await until(() => statusOf(alice, chatPath(aliceChat.body.jobId)), settled)).toBe(
      'completed',
    );
  });

  it("bob's quick analysis step finishes while alice's slow step runs in its kernel", async () => {
    closeGate();
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const aliceFile = (await uploadDataFile(alice, 'a.csv', SCORES_CSV, (await userIdOf(alice)).id))
      .body.fileId;
    const bobFile = (await uploadDataFile(bob, 'b.csv', SCORES_CSV, (await userIdOf(bob)).id)).body
      .fileId;
    let aliceDone = false;
    const aliceStep = analyse(alice, {
      jobId: 'alice-conversation',
      question: `${SLOW} How many rows are there?`,
      messages: [],
      fileId: aliceFile,
    }).finally(() => (aliceDone = true));
    await aliceWaiting();

    const bobStep = await analyse(bob, {
      jobId: 'bob-conversation',
      question: 'How many rows are there?',
      messages: [],
      fileId: bobFile,
    });
    expect([bobStep.step?.status, bobStep.step?.error]).toEqual(['completed', null]);
    expect(aliceDone).toBe(false);

    release();
    const finished = await aliceStep;
    expect(finished.step?.status).toBe('completed');
    expect(JSON.stringify(finished.step?.trace)).toContain('slept');
  });
});
