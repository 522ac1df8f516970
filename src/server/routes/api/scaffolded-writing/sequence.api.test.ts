import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RULE_BASED_REASONING } from '../../../ai/writing/section-roles';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { createPaper, modelCatalogue } from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

const SECTIONS = [
  { sectionNumber: '1', sectionTitle: 'Introduction', sectionLevel: 2 },
  { sectionNumber: '2', sectionTitle: 'Methods', sectionLevel: 2 },
  { sectionNumber: '3', sectionTitle: 'Results', sectionLevel: 2 },
  { sectionNumber: '4', sectionTitle: 'Discussion', sectionLevel: 2 },
];
const RULE_ORDER = ['2', '3', '4', '1'];

const numbers = (sequence: unknown) =>
  (sequence as { sectionNumber: string }[]).map((section) => section.sectionNumber);

/** Answers the sequence planner's structured-output call with `value`. */
function sequenceAnswer(value: unknown) {
  return (request: ChatRequest): FakeAnswer => {
    const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
    return 'order' in properties ? { kind: 'json', value } : defaultResponder(request);
  };
}

describe.each(kinds)('POST /api/scaffolded-writing/sequence with a model on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let catalogue: ReturnType<typeof modelCatalogue>;
  let paperId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    catalogue = modelCatalogue([
      { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
    ]);
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      MODELS_FILE: catalogue.file,
      BILLING: 'off',
    });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
    paperId = await createPaper(alice);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    catalogue.remove();
  });
  beforeEach(() => {
    fake.chats.length = 0;
  });

  it('answers the order the model proposes, with its reasoning', async () => {
    fake.respond = sequenceAnswer({
      order: [2, 3, 4, 1],
      reasoning: 'Methods and results first, so the discussion interprets them.',
    });
    const response = await alice.post('/api/scaffolded-writing/sequence', {
      paperId,
      paperType: 'scientific',
      sections: SECTIONS,
    });
    expect(response.status).toBe(200);
    expect(numbers(response.body.sequence)).toEqual(['2', '3', '4', '1']);
    expect((response.body.sequence as unknown[])[0]).toEqual(SECTIONS[1]);
    expect(response.body).toMatchObject({
      reasoning: 'Methods and results first, so the discussion interprets them.',
      source: 'model',
    });
    const [chat] = fake.chats;
    expect(chat?.prompt).toContain('id 2: 2 Methods');
    expect(chat?.prompt).toContain('Open access and citations');
  });

  it.each([
    ['a section missing', [2, 3, 1]],
    ['a section twice', [2, 2, 3, 1]],
    ['an id that is not in the list', [2, 3, 4, 9]],
  ])('keeps the document order and says why when the answer has %s', async (_case, order) => {
    fake.respond = sequenceAnswer({ order, reasoning: 'Some order.' });
    const response = await alice.post('/api/scaffolded-writing/sequence', {
      paperId,
      sections: SECTIONS,
    });
    expect(response.status).toBe(200);
    expect(numbers(response.body.sequence)).toEqual(['1', '2', '3', '4']);
    // Never the rule-based text, which says that no model was used: one was.
    expect(response.body).toMatchObject({
      reasoning:
        'The AI model was asked for the best order, but its answer did not name each section exactly once, so the sections are in the order of the paper.',
      source: 'model-failed',
    });
  });

  it('keeps the document order and says why when the model fails', async () => {
    fake.respond = () => ({ kind: 'error', status: 500 });
    const response = await alice.post('/api/scaffolded-writing/sequence', {
      paperId,
      sections: SECTIONS,
    });
    expect(response.status).toBe(200);
    expect(numbers(response.body.sequence)).toEqual(['1', '2', '3', '4']);
    expect(response.body).toMatchObject({
      reasoning:
        'The AI model was asked for the best order, but the call to it failed, so the sections are in the order of the paper.',
      source: 'model-failed',
    });
  });

  it('answers 404 for another user’s paper and 400 for no sections', async () => {
    fake.respond = sequenceAnswer({ order: [1, 2, 3, 4], reasoning: 'x' });
    const foreign = await bob.post('/api/scaffolded-writing/sequence', {
      paperId,
      sections: SECTIONS,
    });
    expect(foreign.status).toBe(404);
    expect(fake.chats).toHaveLength(0);
    const empty = await alice.post('/api/scaffolded-writing/sequence', { paperId, sections: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('sections: At least one section is required');
  });
});

describe.each(kinds)('POST /api/scaffolded-writing/sequence without a model on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, { BILLING: 'off' });
    alice = await server.signedInClient('Alice');
  });
  afterAll(() => server.close());

  it('answers the rule-based order and says so', async () => {
    const paperId = await createPaper(alice);
    const response = await alice.post('/api/scaffolded-writing/sequence', {
      paperId,
      paperType: 'scientific',
      sections: SECTIONS,
    });
    expect(response.status).toBe(200);
    expect(numbers(response.body.sequence)).toEqual(RULE_ORDER);
    expect(response.body.reasoning).toBe(RULE_BASED_REASONING);
    expect(response.body.reasoning).toContain('rule-based');
  });
});
