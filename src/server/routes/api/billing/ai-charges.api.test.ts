import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import {
  defaultResponder,
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
  modelCatalogue,
  openStream,
  rewriteBody,
  streamAll,
} from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

async function balanceOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user/balance')).body.balance as number;
}

async function historyOf(client: TestClient) {
  const { body } = await client.get('/api/user/billing-history');
  return (body as unknown as { entries: { kind: string; what: string; amount: number }[] }).entries;
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

describe.each(kinds)('priced engine calls on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let catalogue: ReturnType<typeof modelCatalogue>;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    catalogue = modelCatalogue([
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake small',
        cost_per_section: 0.03,
        free_tier: true,
      },
      { model_name: 'openai:fake-unpriced', descriptive_name: 'Fake unpriced', free_tier: true },
      {
        model_name: 'openai:fake-large',
        descriptive_name: 'Fake large',
        cost_per_section: 2,
        free_tier: true,
      },
      {
        model_name: 'openai:fake-dollar',
        descriptive_name: 'Fake dollar',
        cost_per_section: 1,
        free_tier: true,
      },
    ]);
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      MODELS_FILE: catalogue.file,
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    catalogue.remove();
  });
  beforeEach(() => {
    fake.respond = defaultResponder;
  });

  it('charges a rewritten section at the model’s cost per section', async () => {
    const alice = await server.signedInClient();
    const paperId = await createPaper(alice);
    const { status, text } = await streamAll(alice, '/api/rewrite', rewriteBody(paperId));
    expect(status).toBe(200);
    expect(parseStream(text).finished).toBe(true);
    await eventually(async () => (await balanceOf(alice)) === 0.97);
    expect((await historyOf(alice))[0]).toMatchObject({
      kind: 'charge',
      what: 'Rewrite of section 1 (Fake small)',
      amount: -0.03,
    });
    // A model without a price costs the default 0.05.
    await streamAll(
      alice,
      '/api/refine',
      rewriteBody(paperId, { selectedModel: 'openai:fake-unpriced' }),
    );
    await eventually(async () => (await balanceOf(alice)) === 0.92);
  });

  it('charges a co-author’s rewrite of a shared paper to the co-author, not to the owner', async () => {
    const owner = await server.signedInClient('Olga Owner');
    const editor = await server.signedInClient('Ed Editor');
    const commenter = await server.signedInClient('Carl Commenter');
    const paperId = await createPaper(owner);
    for (const [member, role] of [
      [editor, 'editor'],
      [commenter, 'commenter'],
    ] as const) {
      const email = ((await member.get('/api/me')).body.user as { email: string }).email;
      expect((await owner.post(`/api/papers/${paperId}/members`, { email, role })).status).toBe(
        201,
      );
    }
    const { status, text } = await streamAll(editor, '/api/rewrite', rewriteBody(paperId));
    expect(status).toBe(200);
    expect(parseStream(text).finished).toBe(true);
    await eventually(async () => (await balanceOf(editor)) === 0.97);
    expect((await historyOf(editor))[0]).toMatchObject({ kind: 'charge', amount: -0.03 });
    expect(await balanceOf(owner)).toBe(1);
    expect((await historyOf(owner)).map((entry) => entry.kind)).toEqual(['grant']);
    // A commenter may not run it at all, and pays nothing.
    const refused = await streamAll(commenter, '/api/rewrite', rewriteBody(paperId));
    expect(refused.status).toBe(403);
    expect(await balanceOf(commenter)).toBe(1);
  });

  it('refunds a generation that failed', async () => {
    const bob = await server.signedInClient();
    const paperId = await createPaper(bob);
    fake.respond = (chat) =>
      chat.body.stream ? { kind: 'error', status: 500 } : defaultResponder(chat);
    const { text } = await streamAll(bob, '/api/rewrite', rewriteBody(paperId));
    const parsed = parseStream(text);
    expect(parsed.finished).toBe(false);
    expect(parsed.error).not.toBeNull();
    await eventually(async () => (await historyOf(bob)).length === 3);
    expect(await balanceOf(bob)).toBe(1);
    expect((await historyOf(bob)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['refund', 0.03],
      ['charge', -0.03],
      ['grant', 1],
    ]);
  });

  it('answers 402 before calling the model when the balance cannot pay', async () => {
    const carol = await server.signedInClient();
    const paperId = await createPaper(carol);
    const chatsBefore = fake.chats.length;
    const response = await carol.post(
      '/api/rewrite',
      rewriteBody(paperId, { selectedModel: 'openai:fake-large' }),
    );
    expect(response).toMatchObject({
      status: 402,
      body: {
        error:
          'Insufficient balance. Your balance ($1.00) is below the cost per section for this model ($2.00). Please add funds to continue.',
        balance: 1,
        required: 2,
        needed: 1.01,
      },
    });
    expect(fake.chats.length).toBe(chatsBefore);
    expect(await balanceOf(carol)).toBe(1);
  });

  it('lists the prices publicly for the landing page', async () => {
    const response = await fetch(`${server.url}/api/pricing`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { models: { model_name: string }[] };
    expect(body).toMatchObject({ userIsFreeTier: false, isAdmin: false });
    expect(body.models.map((model) => model.model_name)).toEqual([
      'openai:fake-small',
      'openai:fake-unpriced',
      'openai:fake-large',
      'openai:fake-dollar',
    ]);
  });

  it('keeps the charge when the client leaves after the text streamed, before FINISHED', async () => {
    const dave = await server.signedInClient();
    const paperId = await createPaper(dave);
    await abandonedRewrite(fake, dave, paperId, 'A whole section of text. ');
    await eventually(async () => (await historyOf(dave)).length === 2);
    // Give a wrong refund time to land before checking none did.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await historyOf(dave)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['charge', -0.03],
      ['grant', 1],
    ]);
    expect(await balanceOf(dave)).toBe(0.97);
  });

  it('refunds a request the client leaves before any text came', async () => {
    const erin = await server.signedInClient();
    const paperId = await createPaper(erin);
    let release: () => void = () => undefined;
    const never = new Promise<void>((resolve) => (release = resolve));
    fake.respond = (chat) =>
      chat.body.stream === true
        ? { kind: 'text', chunks: ['Too late.'], firstChunkAfter: never }
        : defaultResponder(chat);
    const controller = new AbortController();
    const stream = await openStream(erin, '/api/rewrite', rewriteBody(paperId), controller.signal);
    await stream.readUntil((text) => text.includes('[PART:content]'));
    controller.abort();
    await eventually(async () => (await historyOf(erin)).length === 3);
    release();
    expect((await historyOf(erin)).map((entry) => entry.kind)).toEqual([
      'refund',
      'charge',
      'grant',
    ]);
    expect(await balanceOf(erin)).toBe(1);
  });

  it('refuses a request whose cost equals the balance, as the UI does (balance must be above it)', async () => {
    const frank = await server.signedInClient();
    const paperId = await createPaper(frank);
    const chatsBefore = fake.chats.length;
    const response = await frank.post(
      '/api/rewrite',
      rewriteBody(paperId, { selectedModel: 'openai:fake-dollar' }),
    );
    expect(response.status).toBe(402);
    expect(fake.chats.length).toBe(chatsBefore);
    expect(await balanceOf(frank)).toBe(1);
  });
});
