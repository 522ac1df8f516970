import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ChatJobStatus, ChatMessage } from '../../shared/chat/chat';
import { ALL_TYPES_FILTERS } from '../routes/api/ai/ai-test-support';
import {
  billingEntries,
  cleanupsAfterEach,
  startCrashScene,
  waitFor,
} from '../testing/crash-restart';
import {
  defaultResponder,
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
} from '../testing/fake-openai-server';
import { testDatabaseKinds } from '../testing/test-databases';

const kinds = await testDatabaseKinds();

const MINI_CORPUS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../literature/testing',
);
const QUESTION =
  'Are articles that are freely available on the web cited more often than articles behind a paywall?';

const isAnswer = (chat: ChatRequest) =>
  !chat.body.response_format && chat.prompt.includes('You are a research assistant');

/** The answer cites the first work it was given; before the crash it never finishes. */
function answerer(hang: boolean) {
  return (chat: ChatRequest): FakeAnswer => {
    if (!isAnswer(chat)) return defaultResponder(chat);
    if (hang) return { kind: 'text', chunks: ['Open access articles '], hang: true };
    const [first] = evidenceIds(chat.prompt);
    return { kind: 'text', chunks: ['Open access articles ', `are cited more often [${first}].`] };
  };
}

describe.each(kinds)('a chat answer survives kill -9 on %s', { timeout: 480_000 }, (kind) => {
  const cleanups = cleanupsAfterEach();

  it('is answered after the restart, stored once and charged once', async () => {
    const { fake, client, crashAndRestart } = await startCrashScene(kind, cleanups, {
      respond: answerer(true),
      email: 'chatter@example.org',
      env: { CORPUS_AUTOLOAD: 'on', CORPUS_DIR: MINI_CORPUS_DIR },
    });
    await waitFor(
      async () =>
        (await client.get('/api/literature/status')).body as unknown as {
          corpus: { status: string } | null;
        },
      (status) => status.corpus?.status === 'completed',
    );

    const asked = await client.post('/api/chat/v2', {
      question: QUESTION,
      createNewConversation: true,
      searchResults: {
        includeText: '',
        excludeText: '',
        yearStart: 1990,
        yearEnd: new Date().getFullYear(),
        minCitations: 0,
        documentTypes: ALL_TYPES_FILTERS.documentTypes,
      },
    });
    expect(asked.status).toBe(200);
    const { jobId, conversationId } = asked.body as unknown as {
      jobId: string;
      conversationId: string;
    };
    const poll = async () =>
      (await client.get(`/api/chat/v2?jobId=${jobId}`)).body as unknown as ChatJobStatus;
    // The model has sent the first words of the answer and is still streaming when it dies.
    await waitFor(poll, (status) => status.status === 'streaming');
    expect(fake.chats.filter(isAnswer)).toHaveLength(1);
    await crashAndRestart(answerer(false));
    const done = await waitFor(
      poll,
      (status) => status.status === 'completed' || status.status === 'failed',
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    expect(fake.chats.filter(isAnswer)).toHaveLength(2);
    const cited = evidenceIds(fake.chats.filter(isAnswer)[1]!.prompt)[0];
    expect(done.result!.content).toBe(`Open access articles are cited more often [${cited}].`);

    const { messages } = (await client.get(`/api/conversations/${conversationId}`))
      .body as unknown as { messages: ChatMessage[] };
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', QUESTION],
      ['assistant', done.result!.content],
    ]);
    expect(messages[1]!.id).toBe(done.result!.messageId);

    const entries = await billingEntries(client);
    const count = (kind: string) => entries.filter((entry) => entry.kind === kind).length;
    // On PGlite the interrupted answer's hold is refunded at start-up and the resumed run is
    // charged again; on Postgres the resumed run reuses the hold (hold-sweeper.ts).
    expect(count('charge') - count('refund')).toBe(1);
    expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    expect(entries.find((entry) => entry.kind === 'charge')?.what).toBe(
      'Research chat message (Fake)',
    );
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.9, 6);
  });
});
