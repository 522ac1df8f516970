import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EXTRACTIVE_ANSWER_LABEL,
  type ChatAction,
  type ChatJobStatus,
  type ChatMessage,
} from '../../../../shared/chat/chat';
import { noRelevantLiteratureAnswer } from '../../../../shared/chat/no-literature-answer';
import type { Work } from '../../../../shared/citations/work';
import { credit } from '../../../billing/ledger';
import { ledgerOptions } from '../../../billing/ledger-options';
import { jobs } from '../../../db/schema';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { storeOwnedWorks } from '../../../literature/store/work-store';
import type { ChatJobInput } from '../../../queue/jobs/chat-answer';
import {
  defaultResponder,
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ALL_TYPES_FILTERS, MINI_CORPUS, startModelServer } from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

const QUESTION =
  'Are articles that are freely available on the web cited more often than articles behind a paywall?';
const SEARCH = {
  includeText: '',
  excludeText: '',
  yearStart: 1990,
  yearEnd: new Date().getFullYear(),
  minCitations: 0,
  documentTypes: ALL_TYPES_FILTERS.documentTypes,
};

const isAnswer = (chat: ChatRequest) =>
  !chat.body.response_format && chat.prompt.includes('You are a research assistant');

async function finished(client: TestClient, jobId: string): Promise<ChatJobStatus> {
  for (let i = 0; i < 400; i += 1) {
    const { body } = await client.get(`/api/chat/v2?jobId=${jobId}`);
    const status = body as unknown as ChatJobStatus;
    if (!['pending', 'processing', 'streaming'].includes(status.status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the chat job never finished');
}

/** A POST with the chat's optional headers (002 §7), which TestClient does not send. */
function postWithHeaders(
  client: TestClient,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Response> {
  return fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: client.baseUrl,
      cookie: client.cookieHeader(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

async function ask(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/api/chat/v2', { searchResults: SEARCH, ...body });
  expect(response.status).toBe(200);
  return response.body as unknown as { jobId: string; conversationId: string; messageId: string };
}

async function messagesOf(client: TestClient, conversationId: string) {
  const { body } = await client.get(`/api/conversations/${conversationId}`);
  return (body as unknown as { messages: ChatMessage[] }).messages;
}

const balanceOf = async (client: TestClient) =>
  (await client.get('/api/user/balance')).body.balance as number;

async function historyOf(client: TestClient) {
  const { body } = await client.get('/api/user/billing-history');
  return (body as unknown as { entries: { kind: string; what: string; amount: number }[] }).entries;
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

async function userId(client: TestClient): Promise<string> {
  return ((await client.get('/api/me')).body.user as { id: string }).id;
}

function privateWork(title: string, abstract: string): Work {
  return {
    refId: '',
    id: `private-${title}`,
    doi: null,
    title,
    type: 'journal-article',
    authors: ['Private Author'],
    published_year: 2020,
    published_month: null,
    published_day: null,
    container_title: null,
    source: null,
    volume: null,
    issue: null,
    page: null,
    publisher: null,
    abstract,
    hyperlink: null,
    url: null,
    subjects: [],
    subjects_str: null,
    is_referenced_by_count: null,
    issn: [],
    isbn: [],
    pdf: null,
    reference: null,
  };
}

describe.each(kinds)('the research chat with a model on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;
  let cite: string[] = [];

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(kind, [
      { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
      {
        model_name: 'openai:fake-large',
        descriptive_name: 'Fake large',
        cost_per_section: 1,
        free_tier: true,
      },
    ]));
  });
  afterAll(() => close());
  beforeEach(() => {
    cite = [];
    // The answer cites the first listed work and whatever the test adds (invented ids,
    // another user's private work).
    fake.respond = (chat): FakeAnswer => {
      if (!isAnswer(chat)) return defaultResponder(chat);
      const [first] = evidenceIds(chat.prompt);
      const ids = [first, ...cite].filter(Boolean).join('; ');
      return {
        kind: 'text',
        chunks: ['Open access articles ', 'are cited more often ', `[${ids}].`],
      };
    };
  });

  it('answers citing only retrieved works, checked, stored and charged once', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const [bobs] = await storeOwnedWorks(server.context.database.db, await userId(bob), [
      privateWork(
        'Free online availability increases citation counts of articles',
        'Articles freely available on the web are cited more often than articles behind a paywall.',
      ),
    ]);
    cite = ['ref_zzzzzzzz', bobs!.refId];
    const before = fake.chats.length;
    const { jobId, conversationId } = await ask(alice, {
      question: QUESTION,
      createNewConversation: true,
    });
    const done = await finished(alice, jobId);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    const asked = fake.chats.slice(before).find(isAnswer)!;
    const [first] = evidenceIds(asked.prompt);
    expect(first).toBeDefined();
    expect(evidenceIds(asked.prompt)).not.toContain(bobs!.refId);
    expect(done.result!.content).toBe(`Open access articles are cited more often [${first}].`);
    expect(done.result!.papers.map((paper) => paper.refId)).toEqual([first]);
    expect(done.result!.papers[0]).toMatchObject({ certainty: 0.9, abstract: expect.any(String) });

    const messages = await messagesOf(alice, conversationId);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.id).toBe(done.result!.messageId);
    expect(messages[1]!.content).not.toContain('ref_zzzzzzzz');
    expect(messages[1]!.content).not.toContain(bobs!.refId);
    expect(JSON.stringify(messages[1]!.metadata)).not.toContain(bobs!.refId);
    expect(messages[1]!.metadata).toMatchObject({ intent: expect.any(String), papersCount: 1 });

    const list = (await alice.get('/api/conversations')).body.conversations as {
      id: string;
      title: string;
    }[];
    expect(list).toEqual([
      expect.objectContaining({
        id: conversationId,
        title: expect.stringMatching(/^Are articles/),
      }),
    ]);
    await eventually(async () => (await balanceOf(alice)) === 0.95);
    expect((await historyOf(alice)).filter((entry) => entry.kind !== 'grant')).toEqual([
      expect.objectContaining({ kind: 'charge', what: 'Research chat message (Fake small)' }),
    ]);
  });

  it("streams the answer's filtered text while the model writes it, then what the poll answers", async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.respond = (chat): FakeAnswer => {
      if (!isAnswer(chat)) return defaultResponder(chat);
      const [first] = evidenceIds(chat.prompt);
      return {
        kind: 'text',
        chunks: ['Open access articles ', 'are cited more often ', `[${first}; ref_zzzzzzzz].`],
        laterChunksAfter: held,
      };
    };
    const { jobId } = await ask(alice, { question: QUESTION, createNewConversation: true });
    expect((await bob.get(`/api/chat/v2/stream?jobId=${jobId}`)).status).toBe(404);
    const response = await fetch(`${alice.baseUrl}/api/chat/v2/stream?jobId=${jobId}`, {
      headers: { cookie: alice.cookieHeader(), 'x-forwarded-for': alice.address },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (part: string) => {
      while (!received.includes(part)) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`the stream ended before ${part}: ${received}`);
        received += decoder.decode(value, { stream: true });
      }
    };
    // The first words arrive while the model holds the rest: the job has not ended (its
    // 'streaming' stage is written beside the first piece, so either status may show).
    await readUntil('Open access articles');
    expect(['processing', 'streaming']).toContain(
      (await alice.get(`/api/chat/v2?jobId=${jobId}`)).body.status,
    );
    release();
    // The stream ends after its done event.
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    const pieces = [...received.matchAll(/^data: (\{"at".*\})$/gm)].map(
      (match) => JSON.parse(match[1]!) as { at: number; text: string },
    );
    let text = '';
    for (const piece of pieces) {
      expect(piece.at).toBe(text.length);
      text += piece.text;
    }
    const doneData = /event: done\ndata: (.*)\n\n/.exec(received)?.[1];
    const status = JSON.parse(doneData!) as ChatJobStatus;
    expect(status.status).toBe('completed');
    // The invented id never reaches the stream either: it is the citation filter's output.
    expect(text).not.toContain('ref_zzzzzzzz');
    expect(text.trim()).toBe(status.result!.content);
    expect(status).toEqual(await finished(alice, jobId));
  });

  it('says so, unpriced and without asking the model, when the literature does not answer', async () => {
    const alice = await server.signedInClient();
    const before = fake.chats.length;
    const { jobId } = await ask(alice, {
      question: 'How does lattice quantum chromodynamics explain gluon confinement in hadrons?',
    });
    const done = await finished(alice, jobId);
    expect(done.result?.content).toBe(noRelevantLiteratureAnswer('en'));
    expect(done.result?.papers).toEqual([]);
    expect(fake.chats.slice(before).filter(isAnswer)).toEqual([]);
    // The price was held before the intent and planning calls, and given back (issue 31.6).
    await eventually(async () => (await balanceOf(alice)) === 1);
    expect(
      (await historyOf(alice))
        .filter((entry) => entry.kind !== 'grant')
        .map((entry) => [entry.kind, entry.amount]),
    ).toEqual([
      ['refund', 0.05],
      ['charge', -0.05],
    ]);
    // In the language the question was asked in.
    const response = await postWithHeaders(
      alice,
      '/api/chat/v2',
      { 'x-selected-language': 'fr' },
      {
        question: 'Comment la chromodynamique quantique sur réseau explique-t-elle le confinement?',
        searchResults: SEARCH,
      },
    );
    const french = (await response.json()) as { jobId: string };
    expect((await finished(alice, french.jobId)).result?.content).toBe(
      noRelevantLiteratureAnswer('fr'),
    );
  });

  it('reads the intent from the model and answers in the chosen language with the chosen model', async () => {
    const alice = await server.signedInClient();
    await credit(
      server.context.database.db,
      {
        userId: await userId(alice),
        kind: 'top_up',
        amountMicros: 5_000_000,
        what: 'Top up',
        idempotencyKey: `top-up-intent-${Date.now()}`,
      },
      ledgerOptions(server.context.config),
    );
    fake.respond = (chat): FakeAnswer => {
      const properties = chat.body.response_format?.json_schema?.schema?.properties ?? {};
      if ('intent' in properties) return { kind: 'json', value: { intent: 'literature' } };
      if (!isAnswer(chat)) return defaultResponder(chat);
      const [first] = evidenceIds(chat.prompt);
      return {
        kind: 'text',
        chunks: [`Offene Zugänglichkeit erhöht die Zitierhäufigkeit [${first}].`],
      };
    };
    const before = fake.chats.length;
    const response = await postWithHeaders(
      alice,
      '/api/chat/v2',
      { 'x-selected-model': 'openai:fake-large', 'x-selected-language': 'de' },
      {
        question: 'Which papers study open access and citation counts?',
        searchResults: SEARCH,
      },
    );
    expect(response.status).toBe(200);
    const { jobId, conversationId } = (await response.json()) as {
      jobId: string;
      conversationId: string;
    };
    const done = await finished(alice, jobId);
    expect(done.status).toBe('completed');
    expect(done.result!.intent).toBe('literature');
    const answer = fake.chats.slice(before).find(isAnswer)!;
    expect(answer.body.model).toBe('fake-large');
    expect(answer.prompt).toContain('Write in German.');
    // The literature intent's task line, not the default 'Answer the question.'
    expect(answer.prompt).toContain('Task: Present the works that answer the request');
    const [, stored] = await messagesOf(alice, conversationId);
    expect(stored!.metadata).toMatchObject({ intent: 'literature', papersCount: 1 });
    await eventually(async () => (await balanceOf(alice)) === 5);
    expect((await historyOf(alice)).filter((entry) => entry.kind === 'charge')).toEqual([
      expect.objectContaining({ what: 'Research chat message (Fake large)' }),
    ]);
  });

  it('searches with the filters sent with the question', async () => {
    const alice = await server.signedInClient();
    // The answer cites every work it was given.
    fake.respond = (chat): FakeAnswer =>
      isAnswer(chat)
        ? {
            kind: 'text',
            chunks: [
              `Open access articles are cited more often ${evidenceIds(chat.prompt)
                .map((id) => `[${id}]`)
                .join(' ')}.`,
            ],
          }
        : defaultResponder(chat);
    const years = async (searchResults: typeof SEARCH) => {
      const { jobId } = await ask(alice, { question: QUESTION, searchResults });
      const done = await finished(alice, jobId);
      expect(done.status).toBe('completed');
      return done.result!.papers.map((paper) => paper.published_year ?? 0);
    };
    expect(Math.min(...(await years(SEARCH)))).toBeLessThan(2006);
    const recent = await years({ ...SEARCH, yearStart: 2006 });
    expect(recent.length).toBeGreaterThan(0);
    expect(Math.min(...recent)).toBeGreaterThanOrEqual(2006);
    // The library holds only arXiv preprints: journal articles alone find nothing to answer with.
    const articles = await ask(alice, {
      question: QUESTION,
      searchResults: {
        ...SEARCH,
        documentTypes: { article: true, preprint: false, wikipedia: false, rmv: false, web: false },
      },
    });
    expect((await finished(alice, articles.jobId)).result!.content).toBe(
      noRelevantLiteratureAnswer('en'),
    );
  });

  it('refunds a failed answer and reports the error', async () => {
    const alice = await server.signedInClient();
    fake.respond = (chat) =>
      isAnswer(chat) ? { kind: 'error', status: 500 } : defaultResponder(chat);
    const { jobId } = await ask(alice, { question: QUESTION });
    const done = await finished(alice, jobId);
    expect(done).toMatchObject({
      status: 'failed',
      result: null,
      error: 'Failed to generate content. Please try again.',
    });
    await eventually(async () => (await balanceOf(alice)) === 1);
    const entries = (await historyOf(alice)).filter((entry) => entry.kind !== 'grant');
    expect(entries.filter((entry) => entry.kind === 'refund').length).toBe(
      entries.filter((entry) => entry.kind === 'charge').length,
    );
  });

  it('refuses before storing anything when the balance is not above the price', async () => {
    const carol = await server.signedInClient();
    const expensive = await postWithHeaders(
      carol,
      '/api/chat/v2',
      { 'x-selected-model': 'openai:fake-large' },
      { question: QUESTION, createNewConversation: true },
    );
    expect(expensive.status).toBe(402);
    expect(await expensive.json()).toMatchObject({
      error:
        'Insufficient balance. Your balance ($1.00) must be above the cost per section for this model ($1.00). Please add funds to continue.',
    });
    expect((await carol.get('/api/conversations')).body.conversations).toEqual([]);
  });

  it('editing a sent message replaces it and what follows, then answers again', async () => {
    const alice = await server.signedInClient();
    const first = await ask(alice, { question: QUESTION });
    await finished(alice, first.jobId);
    const second = await ask(alice, {
      conversationId: first.conversationId,
      question: 'Is self-archiving on arXiv associated with higher citation counts in physics?',
    });
    await finished(alice, second.jobId);
    expect(await messagesOf(alice, first.conversationId)).toHaveLength(4);
    const edited = await ask(alice, {
      conversationId: first.conversationId,
      editMessageId: first.messageId,
      question: 'Does open access self-archiving raise citation counts?',
    });
    expect(edited.conversationId).toBe(first.conversationId);
    await finished(alice, edited.jobId);
    const messages = await messagesOf(alice, first.conversationId);
    expect(messages.map((message) => [message.role, message.content.slice(0, 20)])).toEqual([
      ['user', 'Does open access sel'],
      ['assistant', expect.any(String)],
    ]);
  });

  it('keeps every conversation, message and job to its owner', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const { jobId, conversationId, messageId } = await ask(alice, { question: QUESTION });
    expect(await bob.get(`/api/chat/v2?jobId=${jobId}`)).toMatchObject({
      status: 404,
      body: { error: 'Job not found' },
    });
    expect((await bob.get(`/api/conversations/${conversationId}`)).status).toBe(404);
    expect((await bob.request('DELETE', `/api/conversations/${conversationId}`)).status).toBe(404);
    expect((await bob.post('/api/chat/v2', { conversationId, question: 'Mine now?' })).status).toBe(
      404,
    );
    expect(
      (await alice.post('/api/chat/v2', { conversationId, editMessageId: jobId, question: 'x' }))
        .status,
    ).toBe(404);
    expect((await bob.get('/api/conversations')).body.conversations).toEqual([]);
    expect((await bob.get('/api/conversations/not-a-uuid')).status).toBe(404);
    await finished(alice, jobId);
    expect((await messagesOf(alice, conversationId))[0]!.id).toBe(messageId);

    expect((await alice.get('/api/conversations?search=paywall')).body.conversations).toHaveLength(
      1,
    );
    expect((await alice.get('/api/conversations?search=zebra')).body.conversations).toEqual([]);
    expect((await alice.request('DELETE', `/api/conversations/${conversationId}`)).status).toBe(
      204,
    );
    expect((await alice.get(`/api/conversations/${conversationId}`)).status).toBe(404);
  });

  it('searches the web only for paying users', async () => {
    const free = await server.signedInClient();
    const paying = await server.signedInClient();
    await credit(
      server.context.database.db,
      {
        userId: await userId(paying),
        kind: 'top_up',
        amountMicros: 5_000_000,
        what: 'Top up',
        idempotencyKey: `top-up-${Date.now()}`,
      },
      ledgerOptions(server.context.config),
    );
    const web = { ...SEARCH, documentTypes: { ...SEARCH.documentTypes, web: true } };
    const inputOf = async (jobId: string) => {
      const [row] = await server.context.database.db
        .select({ input: jobs.input })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      return row!.input as ChatJobInput;
    };
    const a = await ask(free, { question: QUESTION, searchResults: web });
    const b = await ask(paying, { question: QUESTION, searchResults: web });
    expect((await inputOf(a.jobId)).filters.documentTypes.web).toBe(false);
    expect((await inputOf(b.jobId)).filters.documentTypes.web).toBe(true);
    await finished(free, a.jobId);
    await finished(paying, b.jobId);
  });

  it('answers from the given papers only when asked about them', async () => {
    const alice = await server.signedInClient();
    const search = await alice.post('/api/search', {
      n: 5,
      q: 'citation network analysis',
      documentTypes: ALL_TYPES_FILTERS.documentTypes,
    });
    const given = (search.body.results as { refId: string }[]).slice(0, 2).map((w) => w.refId);
    expect(given).toHaveLength(2);
    const before = fake.chats.length;
    const { jobId } = await ask(alice, {
      question: 'What do these papers find?',
      contextRefIds: given,
    });
    await finished(alice, jobId);
    const asked = fake.chats.slice(before).find(isAnswer)!;
    expect(new Set(evidenceIds(asked.prompt))).toEqual(new Set(given));
  });

  it('suggests actions as text holding JSON', async () => {
    const alice = await server.signedInClient();
    fake.respond = (chat) =>
      'actions' in (chat.body.response_format?.json_schema?.schema?.properties ?? {})
        ? {
            kind: 'json',
            value: {
              actions: [
                {
                  kind: 'createPaper',
                  buttonLabel: 'Write the review',
                  description: 'A review of open access.',
                  title: 'Open access and citations',
                  methodology: 'Literature review',
                  field: 'Scientometrics',
                  message: '',
                },
                {
                  kind: 'userMessage',
                  buttonLabel: 'Ask about physics',
                  description: '',
                  title: '',
                  methodology: '',
                  field: '',
                  message: 'What about physics?',
                },
              ],
            },
          }
        : defaultResponder(chat);
    const before = fake.chats.length;
    // The same optional headers as a message (002 §7).
    const response = await postWithHeaders(
      alice,
      '/api/chatTopics',
      { 'x-selected-model': 'openai:fake-small', 'x-selected-language': 'fr' },
      {
        conversation: [{ role: 'user', content: QUESTION }],
        intent: 'information',
      },
    );
    expect(response.status).toBe(200);
    const [asked] = fake.chats.slice(before);
    expect(asked!.body.model).toBe('fake-small');
    expect(asked!.prompt).toContain('in French.');
    const actions = (JSON.parse(await response.text()) as { actions: ChatAction[] }).actions;
    expect(actions).toEqual([
      {
        buttonLabel: 'Write the review',
        description: 'A review of open access.',
        metadata: {
          createPaper: {
            title: 'Open access and citations',
            methodology: 'Literature review',
            field: 'Scientometrics',
          },
        },
      },
      {
        buttonLabel: 'Ask about physics',
        description: '',
        metadata: { userMessage: 'What about physics?' },
      },
    ]);
  });

  it('keeps suggested actions with the latest answer of its owner’s conversation', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const { jobId, conversationId } = await ask(alice, { question: QUESTION });
    await finished(alice, jobId);
    const conversation = [{ role: 'user', content: QUESTION }];
    const before = fake.chats.length;
    expect(
      (await bob.request('POST', '/api/chatTopics', { conversation, conversationId })).status,
    ).toBe(404);
    expect(
      (await alice.request('POST', '/api/chatTopics', { conversation, conversationId: 'nope' }))
        .status,
    ).toBe(404);
    // Refused before the model is asked.
    expect(fake.chats.length).toBe(before);

    const suggestions = await alice.request('POST', '/api/chatTopics', {
      conversation,
      conversationId,
    });
    expect(suggestions.status).toBe(200);
    const { actions } = JSON.parse(suggestions.text) as { actions: ChatAction[] };
    expect(actions.length).toBeGreaterThan(0);
    const messages = await messagesOf(alice, conversationId);
    expect(messages.map((message) => [message.role, message.actions])).toEqual([
      ['user', null],
      ['assistant', actions],
    ]);
  });

  it('validates the question and the language header', async () => {
    const alice = await server.signedInClient();
    expect(await alice.post('/api/chat/v2', { question: '  ' })).toMatchObject({
      status: 400,
      body: { error: 'Question is required' },
    });
    const response = await postWithHeaders(
      alice,
      '/api/chat/v2',
      { 'x-selected-language': 'xx' },
      { question: QUESTION },
    );
    expect(response.status).toBe(400);
    expect((await alice.get('/api/conversations')).body.conversations).toEqual([]);
  });
});

describe.each(kinds)('the research chat without a model on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  });
  afterAll(() => server.close());

  it('answers extractively, labelled, citing the works it lists, free of charge', async () => {
    const alice = await server.signedInClient();
    const { jobId } = await ask(alice, { question: QUESTION });
    const done = await finished(alice, jobId);
    expect(done.status).toBe('completed');
    const content = done.result!.content;
    expect(content.startsWith(`*${EXTRACTIVE_ANSWER_LABEL}*`)).toBe(true);
    const papers = done.result!.papers;
    expect(papers.length).toBeGreaterThan(0);
    for (const paper of papers) {
      expect(content).toContain(`[${paper.refId}]`);
      expect(paper.reasoning).toMatch(/^Offline check/);
    }
    expect((await historyOf(alice)).filter((entry) => entry.kind !== 'grant')).toEqual([]);
    const suggestions = await alice.request('POST', '/api/chatTopics', {
      conversation: [{ role: 'user', content: QUESTION }],
    });
    const actions = (JSON.parse(suggestions.text) as { actions: ChatAction[] }).actions;
    expect(actions.some((action) => 'createPaper' in action.metadata)).toBe(true);
  });
});
