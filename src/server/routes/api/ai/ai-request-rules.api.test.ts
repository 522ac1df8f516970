import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import { startFakeHttpServer } from '../../../testing/fake-http-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import {
  ALL_TYPES_FILTERS,
  MINI_CORPUS,
  createPaper,
  modelCatalogue,
  rewriteBody,
  streamAll,
} from './ai-test-support';

const kinds = await testDatabaseKinds();
const ADMIN = 'admin-rules@example.org';

describe.each(kinds)('what an AI request may ask on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let searxng: Awaited<ReturnType<typeof startFakeHttpServer>>;
  let server: TestServer;
  let catalogue: ReturnType<typeof modelCatalogue>;
  let free: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    searxng = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ query: 'q', results: [] }));
    });
    catalogue = modelCatalogue([
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake small',
        cost_per_section: 0.01,
        free_tier: true,
      },
    ]);
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      MODELS_FILE: catalogue.file,
      ADMIN_EMAILS: ADMIN,
      LITERATURE_SOURCES: 'local',
      WEB_SEARCH: 'searxng',
      SEARXNG_URL: searxng.url,
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    free = await server.signedInClient('Free');
    admin = server.client();
    await admin.signUp(ADMIN, undefined, 'Admin');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    await searxng.close();
    catalogue.remove();
  });
  beforeEach(() => {
    fake.respond = defaultResponder;
  });

  // Complete filters, as the client sends them, with web pages ticked.
  const webFilters = ALL_TYPES_FILTERS;

  it('gives a free-tier account no web search through /api/rewrite, as /api/search does', async () => {
    const paperId = await createPaper(free);
    const before = searxng.requests.length;
    const { status, text } = await streamAll(
      free,
      '/api/rewrite',
      rewriteBody(paperId, { filters: webFilters }),
    );
    expect(status).toBe(200);
    expect(parseStream(text).finished).toBe(true);
    expect(searxng.requests.length).toBe(before);

    // The same request from an account that may search the web does reach it.
    const adminPaper = await createPaper(admin);
    await streamAll(admin, '/api/rewrite', rewriteBody(adminPaper, { filters: webFilters }));
    expect(searxng.requests.length).toBeGreaterThan(before);
  });

  it('completes a partial filters object and takes null for optional fields', async () => {
    const paperId = await createPaper(free);
    for (const filters of [
      { includeText: 'open access' },
      { documentTypes: { preprint: true }, jifFilter: { enabled: null } },
      { includeText: null, yearRange: null },
      null,
    ]) {
      const { status, text } = await streamAll(
        free,
        '/api/rewrite',
        rewriteBody(paperId, { filters, currentParagraph: null, action: null }),
      );
      expect({ filters, status }).toEqual({ filters, status: 200 });
      expect(parseStream(text).finished).toBe(true);
    }
    const invalid = await free.post(
      '/api/rewrite',
      rewriteBody(paperId, { filters: { minCitations: -1 } }),
    );
    expect(invalid).toMatchObject({ status: 400, body: { error: 'Invalid citation count: -1' } });
  });

  it('takes a null fileId on /api/convertToMarkdown as a new file', async () => {
    const paperId = await createPaper(free);
    const response = await free.post('/api/convertToMarkdown', {
      fileName: 'notes.txt',
      fileData: Buffer.from('Some notes.', 'utf8').toString('base64'),
      streaming: null,
      paperId,
      fileId: null,
      goal: 'supporting_material',
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Some notes.');
  });
});

describe.each(kinds)('the per-user limit of model-calling routes on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    fake.respond = defaultResponder;
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      AI_RATE_LIMIT_PER_MINUTE: '3',
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('answers 429 with a clear message once a user has used the minute’s budget, across routes', async () => {
    const greedy = await server.signedInClient('Greedy');
    const paperId = await createPaper(greedy);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => greedy.post('/api/rewrite', rewriteBody(paperId))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429]);
    const chatsAfter = fake.chats.length;
    const balanceAfter = (await greedy.get('/api/user/balance')).body.balance;

    const refused = await greedy.post('/api/summarize-elaborate', { doi: '10.1/x', paperId });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many AI requests \(at most 3 a minute\)\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The writing order, the writing job and the structure share the same budget.
    const sections = [{ sectionNumber: '1', sectionTitle: 'Methods', sectionLevel: 2 }];
    const others = await Promise.all([
      greedy.post('/api/scaffolded-writing/sequence', {
        paperId,
        paperType: 'scientific',
        sections,
      }),
      greedy.post('/api/scaffolded-writing/start', { paperId, sections, sequence: [1] }),
      greedy.post('/api/structure', { title: 'T', description: 'D', paperType: 'essay' }),
    ]);
    expect(others.map((answer) => answer.status)).toEqual([429, 429, 429]);
    // A refused request reaches no model and costs nothing.
    expect(fake.chats.length).toBe(chatsAfter);
    expect((await greedy.get('/api/user/balance')).body.balance).toBe(balanceAfter);

    // Each user has their own budget.
    const other = await server.signedInClient('Other');
    const otherPaper = await createPaper(other);
    expect((await other.post('/api/rewrite', rewriteBody(otherPaper))).status).toBe(200);
  });
});
