import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import type { CitedWork } from '../../../../shared/citations/work';
import { NO_RELEVANT_LITERATURE_PROMPT } from '../../../ai/prompt/section-prompt';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import {
  defaultResponder,
  evidenceIds,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import {
  MINI_CORPUS,
  abandonedRewrite,
  createPaper,
  dataOf,
  modelCatalogue,
  openStream,
  rewriteBody,
  streamAll,
} from './ai-test-support';

const kinds = await testDatabaseKinds();
const ADMIN = 'admin-ai@example.org';

describe.each(kinds)('AI writing API with a provider on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let admin: TestClient;
  let catalogue: ReturnType<typeof modelCatalogue>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    catalogue = modelCatalogue([
      { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
      {
        model_name: 'openai:fake-large',
        descriptive_name: 'Fake large',
        cost_per_section: 0.2,
        free_tier: false,
      },
    ]);
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      MODELS_FILE: catalogue.file,
      ADMIN_EMAILS: ADMIN,
      // Free-tier limits and charges are the ledger's to test (routes/api/billing).
      BILLING: 'off',
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
    admin = server.client();
    await admin.signUp(ADMIN, undefined, 'Admin');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    catalogue.remove();
  });
  beforeEach(() => {
    fake.respond = defaultResponder;
  });

  it('lists the catalogue, the default model and the user flags', async () => {
    const available = await alice.get('/api/models/available');
    expect(available.status).toBe(200);
    expect(available.body).toMatchObject({
      userIsFreeTier: false,
      isAdmin: false,
      aiAvailable: true,
      message: null,
    });
    expect(available.body.models).toEqual([
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake small',
        cost_per_section: 0.05,
        free_tier: true,
      },
      {
        model_name: 'openai:fake-large',
        descriptive_name: 'Fake large',
        cost_per_section: 0.2,
        free_tier: false,
      },
    ]);
    expect((await admin.get('/api/models/available')).body.isAdmin).toBe(true);
    const fallback = await alice.get('/api/models/default');
    expect(fallback.body.model).toMatchObject({ model_name: 'openai:fake-small' });
  });

  it('remembers the model and language per user; only admins may name other models', async () => {
    const saved = await alice.put('/api/settings/ai', {
      selectedModel: 'openai:fake-large',
      contentLanguage: 'fr',
    });
    expect(saved.body).toEqual({ selectedModel: 'openai:fake-large', contentLanguage: 'fr' });
    expect((await alice.get('/api/settings/ai')).body).toEqual(saved.body);
    expect((await bob.get('/api/settings/ai')).body).toEqual({
      selectedModel: null,
      contentLanguage: 'en',
    });
    expect((await alice.put('/api/settings/ai', { contentLanguage: 'xx' })).body).toEqual({
      error: 'Unknown language: xx',
    });
    const custom = await alice.put('/api/settings/ai', { selectedModel: 'openai:my-own' });
    expect(custom).toMatchObject({ status: 400, body: { error: 'Unknown model: openai:my-own' } });
    const forAdmin = await admin.put('/api/settings/ai', { selectedModel: 'openai:my-own' });
    expect(forAdmin.body.selectedModel).toBe('openai:my-own');
    const unknownProvider = await admin.put('/api/settings/ai', { selectedModel: 'acme:x' });
    expect(unknownProvider.body).toEqual({ error: 'Unknown model provider: acme' });
    await alice.put('/api/settings/ai', { selectedModel: null, contentLanguage: 'en' });
  });

  it('forwards an admin custom model id as is and writes in the chosen language', async () => {
    await admin.put('/api/settings/ai', { selectedModel: null, contentLanguage: 'de' });
    const paperId = await createPaper(admin);
    const before = fake.chats.length;
    const { text } = await streamAll(
      admin,
      '/api/rewrite',
      rewriteBody(paperId, { selectedModel: 'openai:vendor/custom-model:7b' }),
    );
    expect(parseStream(text).finished).toBe(true);
    const chats = fake.chats.slice(before);
    expect(chats.every((chat) => chat.body.model === 'vendor/custom-model:7b')).toBe(true);
    const writing = chats.find((chat) => chat.body.stream === true);
    expect(writing?.prompt).toContain('Write in German.');
  });

  it('streams statuses, then the part marker, the text, the checked citations and FINISHED', async () => {
    const paperId = await createPaper(alice);
    const { status, text } = await streamAll(alice, '/api/rewrite', rewriteBody(paperId));
    expect(status).toBe(200);
    const order = [
      '[STATUS:planning]',
      '[STATUS:queries:',
      '[STATUS:searching]',
      '[STATUS:evidence:',
      '[STATUS:writing]',
      '[PART:content]',
      'Generated section text',
      '[STATUS:citations:',
      '[STATUS:FINISHED]',
    ].map((marker) => text.indexOf(marker));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text.endsWith(':FINISHED]')).toBe(true);

    const parsed = parseStream(text);
    const evidence = dataOf<{ refId: string }[]>(text, 'evidence') ?? [];
    expect(evidence.length).toBeGreaterThan(0);
    const first = evidence[0]?.refId as string;
    expect(parsed.text).toBe(`Generated section text [${first}].`);
    const cited = dataOf<CitedWork[]>(text, 'citations') ?? [];
    expect(cited).toHaveLength(1);
    expect(cited[0]).toMatchObject({ refId: first, certainty: 0.9 });
    expect(cited[0]?.reasoning).toBe('The abstract states the finding.');
    expect(typeof cited[0]?.evidence).toBe('string');

    // A finished stream changes nothing in the paper: its works join the paper when the user
    // accepts the text (the client saves them), so a cancelled preview leaves no trace.
    expect((await alice.get(`/api/papers/${paperId}`)).body.citations).toEqual([]);
  });

  it('removes citations of works outside the evidence set before they reach the text or the paper', async () => {
    const paperId = await createPaper(alice);
    const outside = (
      await alice.post('/api/search', {
        q: 'Hodgkin Huxley spike trains',
        documentTypes: ['preprint'],
      })
    ).body.results as { refId: string }[];
    const strangers = outside.map((work) => work.refId);
    fake.respond = (chat) => {
      if (chat.body.stream !== true) return defaultResponder(chat);
      const [good] = evidenceIds(chat.prompt);
      const stranger = strangers.find((id) => !evidenceIds(chat.prompt).includes(id));
      const altered = `${good?.slice(0, -1)}${good?.endsWith('0') ? '1' : '0'}`;
      return {
        kind: 'text',
        chunks: [
          `Claim one [${good}]. Claim two [${stranger}]. `,
          `Claim three [ref_zzzz9999; ${altered}].`,
        ],
      };
    };
    const { text } = await streamAll(alice, '/api/rewrite', rewriteBody(paperId));
    const parsed = parseStream(text);
    const evidence = (dataOf<{ refId: string }[]>(text, 'evidence') ?? []).map((w) => w.refId);
    expect(parsed.text).toBe(`Claim one [${evidence[0]}]. Claim two. Claim three.`);
    expect(dataOf<number>(text, 'removed-citations')).toBe(3);
    expect(dataOf<CitedWork[]>(text, 'citations')?.map((work) => work.refId)).toEqual([
      evidence[0],
    ]);
  });

  it('gives a section on an unrelated topic no evidence and says so, to the model and the preview', async () => {
    const section =
      'Medieval Flemish tapestry workshops dyed their wool with madder, weld and woad. Guild rules fixed the dyers’ wages in Bruges.';
    const document = `# Tapestries\n\n## Dyes\n\n${section}`;
    const paperId = await createPaper(alice, document);
    const before = fake.chats.length;
    const { text } = await streamAll(
      alice,
      '/api/rewrite',
      rewriteBody(paperId, { text: document, sectionTitle: 'Dyes', currentSection: section }),
    );
    expect(parseStream(text).finished).toBe(true);
    // The fake model's plan ('test query one', 'test query two') and the section's own claims were
    // searched, and every work they found was below the relevance floor.
    expect(dataOf<string[]>(text, 'queries')).toEqual(expect.arrayContaining(['test query one']));
    expect(dataOf<unknown[]>(text, 'evidence')).toEqual([]);
    expect(dataOf<boolean>(text, 'no-relevant-literature')).toBe(true);
    const writing = fake.chats.slice(before).find((chat) => chat.body.stream === true);
    expect(evidenceIds(writing?.prompt ?? '')).toEqual([]);
    expect(writing?.prompt).toContain(NO_RELEVANT_LITERATURE_PROMPT);
    expect(parseStream(text).text).toBe('Generated section text.');

    const onTopic = await streamAll(alice, '/api/rewrite', rewriteBody(await createPaper(alice)));
    expect(dataOf<unknown[]>(onTopic.text, 'evidence')?.length).toBeGreaterThan(0);
    expect(dataOf<boolean>(onTopic.text, 'no-relevant-literature')).toBeUndefined();
  });

  it('shows no text before the first token and streams it when it comes', async () => {
    const paperId = await createPaper(alice);
    let release: () => void = () => undefined;
    const firstToken = new Promise<void>((resolve) => (release = resolve));
    fake.respond = (chat) =>
      chat.body.stream === true
        ? { kind: 'text', chunks: ['Slow ', 'answer.'], firstChunkAfter: firstToken }
        : defaultResponder(chat);
    const stream = await openStream(alice, '/api/rewrite', rewriteBody(paperId));
    const early = await stream.readUntil((text) => text.includes('[PART:content]'));
    expect(parseStream(early)).toMatchObject({ part: 'content', text: '', finished: false });
    release();
    const all = await stream.readUntil();
    expect(parseStream(all)).toMatchObject({ text: 'Slow answer.', finished: true });
  });

  it('cancels the provider request when the client aborts', async () => {
    const paperId = await createPaper(alice);
    const writing = await abandonedRewrite(fake, alice, paperId, 'Partial text ');
    expect(writing?.body.stream).toBe(true);
    const stored = (await alice.get(`/api/papers/${paperId}`)).body.citations as unknown[];
    expect(stored).toEqual([]);
  });

  it('ends with an error marker when the provider stream is cut or rate-limited', async () => {
    const paperId = await createPaper(alice);
    fake.respond = (chat) =>
      chat.body.stream === true
        ? { kind: 'text', chunks: ['Some ', 'text ', 'more'], cutAfter: 1 }
        : defaultResponder(chat);
    const cut = parseStream((await streamAll(alice, '/api/rewrite', rewriteBody(paperId))).text);
    expect(cut).toMatchObject({
      finished: false,
      error: 'Failed to generate content. Please try again.',
    });
    fake.respond = (chat) =>
      chat.body.stream === true ? { kind: 'error', status: 429 } : defaultResponder(chat);
    const limited = parseStream((await streamAll(alice, '/api/refine', rewriteBody(paperId))).text);
    expect(limited.error).toBe(
      'The AI provider is busy (rate limit). Please try again in a moment.',
    );
    fake.respond = (chat) =>
      chat.body.stream === true ? { kind: 'error', status: 500 } : defaultResponder(chat);
    const failed = parseStream((await streamAll(alice, '/api/rewrite', rewriteBody(paperId))).text);
    expect(failed.error).toBe('Failed to generate content. Please try again.');
    expect((await alice.get(`/api/papers/${paperId}`)).body.citations).toEqual([]);
  });

  it('falls back to keyword queries and the lexical check when structured output fails', async () => {
    const paperId = await createPaper(alice);
    fake.respond = (chat) =>
      chat.body.stream === true ? defaultResponder(chat) : { kind: 'error', status: 500 };
    const { text } = await streamAll(alice, '/api/rewrite', rewriteBody(paperId));
    expect(parseStream(text).finished).toBe(true);
    const queries = dataOf<string[]>(text, 'queries') ?? [];
    expect(queries.length).toBeGreaterThanOrEqual(2);
    const cited = dataOf<CitedWork[]>(text, 'citations') ?? [];
    expect(cited[0]?.reasoning).toMatch(/^Offline check \(no AI model\)/);
  });

  it('places a section whose number repeats by its sectionIndex', async () => {
    const paperId = await createPaper(alice);
    // Level-1 headings restart the numbers: both level-2 sections are '1'.
    const text =
      '# Methods\n\n## Acquisition\n\nScans.\n\n# Results\n\n## Tract statistics\n\nFA rose.';
    const before = fake.chats.length;
    const { text: streamed } = await streamAll(
      alice,
      '/api/rewrite',
      rewriteBody(paperId, {
        text,
        sectionIndex: 3,
        sectionTitle: 'Tract statistics',
        currentSection: 'FA rose.',
      }),
    );
    expect(parseStream(streamed).finished).toBe(true);
    const writing = fake.chats.slice(before).find((chat) => chat.body.stream === true);
    expect(writing?.prompt).toContain('1 Tract statistics   <- this section');
    expect(writing?.prompt).not.toContain('1 Acquisition   <- this section');
  });

  it('refuses a rewrite without a section number', async () => {
    const paperId = await createPaper(alice);
    const response = await alice.post('/api/rewrite', rewriteBody(paperId, { sectionNumber: '' }));
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'A rewrite needs a section number' },
    });
  });

  it('summarizes a work for the paper as a stream', async () => {
    const paperId = await createPaper(alice);
    const [work] = (
      await alice.post('/api/search', { q: 'open access citation', documentTypes: ['preprint'] })
    ).body.results as { refId: string; title: string }[];
    fake.respond = (chat) => ({
      kind: 'text',
      chunks: [`About: ${chat.prompt.includes(work!.title) ? 'yes' : 'no'}.`],
    });
    const { text } = await streamAll(alice, '/api/summarize-elaborate', {
      doi: work?.refId,
      paperId,
    });
    expect(parseStream(text)).toMatchObject({
      part: 'response',
      text: 'About: yes.',
      finished: true,
    });
    expect(dataOf<{ title: string }>(text, 'work')?.title).toBe(work?.title);
    const missing = await alice.post('/api/summarize-elaborate', { doi: '10.9999/none', paperId });
    expect(missing).toMatchObject({
      status: 404,
      body: { error: 'Could not summarize the paper.' },
    });
  });

  it('checks the citations of changed paragraphs offline at $0 and stores the verdicts', async () => {
    const [work] = (
      await alice.post('/api/search', { q: 'open access citation', documentTypes: ['preprint'] })
    ).body.results as { refId: string }[];
    const content = `## Results\n\nOpen access articles are cited more [${work?.refId}].`;
    const paperId = await createPaper(alice, content);
    const chatsBefore = fake.chats.length;
    const response = await alice.post('/api/chunk-analysis', { text: content, paperId });
    expect(response.status).toBe(200);
    expect(response.body.checks).toEqual([
      expect.objectContaining({ refId: work?.refId, method: 'lexical' }),
    ]);
    const stored = (await alice.get(`/api/papers/${paperId}`)).body.citations as CitedWork[];
    expect(stored[0]).toMatchObject({
      refId: work?.refId,
      check_method: 'lexical',
      checked_claim: 'Open access articles are cited more.',
    });
    expect(stored[0]?.reasoning).toMatch(/^Offline check \(no AI model\)/);
    expect(typeof stored[0]?.evidence).toBe('string');
    // The verdict stored for this claim stands: checking the unchanged sentence again changes
    // nothing, and a changed sentence is checked anew.
    const onDemand = await alice.post(`/api/papers/${paperId}/citations/check`, {});
    expect(onDemand.body.checks).toHaveLength(0);
    expect(onDemand.body.citations).toEqual(stored);
    const edited = await alice.post('/api/chunk-analysis', {
      text: `Open access articles are cited much more [${work?.refId}].`,
      paperId,
    });
    expect(edited.body.checks).toEqual([
      expect.objectContaining({ claim: 'Open access articles are cited much more.' }),
    ]);
    // Neither check called the model: unpriced work never does.
    expect(fake.chats.length).toBe(chatsBefore);
  });

  it('answers 404 for another user’s paper on every route with a paper id', async () => {
    const paperId = await createPaper(alice);
    const routes: [string, unknown][] = [
      ['/api/rewrite', rewriteBody(paperId)],
      ['/api/refine', rewriteBody(paperId)],
      ['/api/summarize-elaborate', { doi: '10.1/x', paperId }],
      ['/api/chunk-analysis', { text: 'A [ref_abcd1234].', paperId }],
      [`/api/papers/${paperId}/citations/check`, {}],
    ];
    for (const [route, body] of routes) {
      const response = await bob.post(route, body);
      expect({ route, ...response }).toMatchObject({
        route,
        status: 404,
        body: { error: 'Paper not found' },
      });
    }
    const malformed = await bob.post('/api/rewrite', rewriteBody('not-a-uuid'));
    expect(malformed.status).toBe(404);
  });
});
