import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import type { CitedWork } from '../../../../shared/citations/work';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import {
  defaultAnthropicResponder,
  requestedProperties,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../../testing/fake-anthropic-server';
import { evidenceIds } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import {
  MINI_CORPUS,
  createPaper,
  dataOf,
  modelCatalogue,
  openStream,
  rewriteBody,
  streamAll,
} from './ai-test-support';

const kinds = await testDatabaseKinds();
const API_KEY = 'sk-ant-api-test';

const isWriting = (request: { body: { stream?: boolean } }) => request.body.stream === true;

/**
 * The engine through the `anthropic:` provider, against a local server speaking the Messages
 * API: the same rewrite and citation check as with an OpenAI-compatible endpoint.
 */
describe.each(kinds)('AI engine through the Anthropic provider on %s', (kind) => {
  let fake: FakeAnthropicServer;
  let server: TestServer;
  let alice: TestClient;
  let catalogue: ReturnType<typeof modelCatalogue>;

  beforeAll(async () => {
    fake = await startFakeAnthropicServer({ apiKey: API_KEY });
    // Haiku 3.5 gets structured output through a forced `json` tool, Sonnet 4.5 through
    // output_config.format: the SDK picks by model, so both request shapes are exercised.
    catalogue = modelCatalogue([
      {
        model_name: 'anthropic:claude-3-5-haiku-latest',
        descriptive_name: 'Claude Haiku',
        free_tier: true,
      },
      {
        model_name: 'anthropic:claude-sonnet-4-5',
        descriptive_name: 'Claude Sonnet',
        free_tier: true,
      },
    ]);
    server = await startTestServer(kind, {
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'anthropic:claude-3-5-haiku-latest',
      MODELS_FILE: catalogue.file,
      BILLING: 'off',
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    alice = await server.signedInClient('Alice');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    catalogue.remove();
  });
  beforeEach(() => {
    fake.respond = defaultAnthropicResponder;
  });

  it('offers the catalogue’s Claude models with the Anthropic provider configured', async () => {
    const available = await alice.get('/api/models/available');
    expect(available.body).toMatchObject({ aiAvailable: true, message: null });
    const models = available.body.models as { model_name: string }[];
    expect(models.map((model) => model.model_name)).toEqual([
      'anthropic:claude-3-5-haiku-latest',
      'anthropic:claude-sonnet-4-5',
    ]);
  });

  it('rewrites a section: planned queries, streamed text, judged citations sent with it', async () => {
    const paperId = await createPaper(alice);
    const before = fake.requests.length;
    const { status, text } = await streamAll(alice, '/api/rewrite', rewriteBody(paperId));
    expect(status).toBe(200);
    const parsed = parseStream(text);
    expect(parsed.finished).toBe(true);
    // The section's own claims are searched as written, with the model's keyword queries.
    expect(dataOf<string[]>(text, 'queries')).toEqual(
      expect.arrayContaining(['claude query one', 'claude query two']),
    );
    const evidence = dataOf<{ refId: string }[]>(text, 'evidence') ?? [];
    const first = evidence[0]?.refId as string;
    expect(parsed.text).toBe(`Claude wrote this section [${first}].`);

    const requests = fake.requests.slice(before);
    expect(requests.every((r) => r.body.model === 'claude-3-5-haiku-latest')).toBe(true);
    expect(requests.every((r) => r.headers['x-api-key'] === API_KEY)).toBe(true);
    const writing = requests.find(isWriting);
    expect(evidenceIds(writing?.prompt ?? '')).toEqual(evidence.map((work) => work.refId));
    const judged = requests.filter((r) => 'certainty' in requestedProperties(r));
    expect(judged).toHaveLength(1);
    expect(judged[0]?.prompt).toContain('Claude wrote this section.');

    const cited = dataOf<CitedWork[]>(text, 'citations') ?? [];
    expect(cited).toEqual([
      expect.objectContaining({
        refId: first,
        certainty: 0.8,
        reasoning: 'Claude finds the claim in the abstract.',
      }),
    ]);
    // The works join the paper when the user accepts the text (the client saves them).
    expect((await alice.get(`/api/papers/${paperId}`)).body.citations).toEqual([]);
  });

  it('checks a citation the user wrote offline at $0, without calling Claude', async () => {
    await alice.put('/api/settings/ai', { selectedModel: 'anthropic:claude-sonnet-4-5' });
    const [work] = (
      await alice.post('/api/search', { q: 'open access citation', documentTypes: ['preprint'] })
    ).body.results as { refId: string }[];
    const content = `## Results\n\nOpen access articles are cited more [${work?.refId}].`;
    const paperId = await createPaper(alice, content);
    const before = fake.requests.length;
    const response = await alice.post('/api/chunk-analysis', { text: content, paperId });
    expect(response.body.checks).toEqual([
      expect.objectContaining({ refId: work?.refId, method: 'lexical' }),
    ]);
    expect(fake.requests.length).toBe(before);
    const stored = (await alice.get(`/api/papers/${paperId}`)).body.citations as CitedWork[];
    expect(stored[0]?.reasoning).toMatch(/^Offline check \(no AI model\)/);
    await alice.put('/api/settings/ai', { selectedModel: null });
  });

  it('waits out a 429 with retry-after, and reports a second one as the rate limit', async () => {
    const paperId = await createPaper(alice);
    let writingCalls = 0;
    fake.respond = (request) => {
      if (!isWriting(request)) return defaultAnthropicResponder(request);
      writingCalls += 1;
      return writingCalls === 1
        ? { kind: 'error', type: 'rate_limit_error', retryAfterSeconds: 0 }
        : defaultAnthropicResponder(request);
    };
    const retried = parseStream(
      (await streamAll(alice, '/api/rewrite', rewriteBody(paperId))).text,
    );
    expect(writingCalls).toBe(2);
    expect(retried).toMatchObject({ finished: true, error: null });
    expect(retried.text).toMatch(/^Claude wrote this section/);

    fake.respond = (request) =>
      isWriting(request)
        ? { kind: 'error', type: 'rate_limit_error', retryAfterSeconds: 0 }
        : defaultAnthropicResponder(request);
    const limited = parseStream((await streamAll(alice, '/api/refine', rewriteBody(paperId))).text);
    expect(limited.error).toBe(
      'The AI provider is busy (rate limit). Please try again in a moment.',
    );
  });

  it('ends with the error marker on an overloaded error event or a cut stream, storing nothing', async () => {
    const paperId = await createPaper(alice);
    fake.respond = (request) =>
      isWriting(request)
        ? { kind: 'text', chunks: ['Some ', 'text'], errorEventAfter: 1 }
        : defaultAnthropicResponder(request);
    const overloaded = parseStream(
      (await streamAll(alice, '/api/rewrite', rewriteBody(paperId))).text,
    );
    expect(overloaded).toMatchObject({
      finished: false,
      error: 'Failed to generate content. Please try again.',
    });
    fake.respond = (request) =>
      isWriting(request)
        ? { kind: 'text', chunks: ['Some ', 'text'], cutAfter: 1 }
        : defaultAnthropicResponder(request);
    const cut = parseStream((await streamAll(alice, '/api/rewrite', rewriteBody(paperId))).text);
    expect(cut.error).toBe('Failed to generate content. Please try again.');
    expect((await alice.get(`/api/papers/${paperId}`)).body.citations).toEqual([]);
  });

  it('cancels the Messages request when the client aborts', async () => {
    const paperId = await createPaper(alice);
    fake.respond = (request) =>
      isWriting(request)
        ? { kind: 'text', chunks: ['Partial text '], hang: true }
        : defaultAnthropicResponder(request);
    const controller = new AbortController();
    const stream = await openStream(alice, '/api/rewrite', rewriteBody(paperId), controller.signal);
    await stream.readUntil((text) => text.includes('Partial text'));
    const writing = fake.requests.at(-1);
    expect(writing && isWriting(writing)).toBe(true);
    controller.abort();
    await vi.waitFor(() => expect(writing?.closedEarly).toBe(true), { timeout: 10_000 });
    expect((await alice.get(`/api/papers/${paperId}`)).body.citations).toEqual([]);
  });
});
