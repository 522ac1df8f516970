import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { works } from '../../../db/schema';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { STRUCTURE_TEMPLATES } from '../../../ai/structure/structure-templates';
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

const TOPIC = {
  title: 'Open access and citation counts',
  description: 'Whether articles that are freely available online are cited more often',
  paperType: 'scientific',
  methodology: 'Case Study',
  field: 'Computer Science',
  filters: ALL_TYPES_FILTERS,
};

interface StructureSectionBody {
  level: number;
  title: string;
  purpose: string;
  works: { refId: string; title: string }[];
}

interface StructureStatus {
  status: string;
  result: {
    markdown: string;
    sections: StructureSectionBody[];
    template: boolean;
    queries: string[];
  } | null;
  error: string | null;
}

async function finished(client: TestClient, jobId: string): Promise<StructureStatus> {
  for (let i = 0; i < 300; i += 1) {
    const { body } = await client.get(`/api/structure?jobId=${jobId}`);
    const status = body as unknown as StructureStatus;
    if (!['pending', 'processing'].includes(status.status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the structure job never finished');
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

async function startStructure(client: TestClient, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/structure', { ...TOPIC, ...body });
  expect(response.status).toBe(202);
  return response.body.jobId as string;
}

async function historyOf(client: TestClient) {
  const { body } = await client.get('/api/user/billing-history');
  return (body as unknown as { entries: { kind: string; what: string; amount: number }[] }).entries;
}

const balanceOf = async (client: TestClient) =>
  (await client.get('/api/user/balance')).body.balance as number;

const isStructureRequest = (chat: ChatRequest) =>
  'sections' in (chat.body.response_format?.json_schema?.schema?.properties ?? {});

/** A model that proposes three sections, each naming two listed works and one invented id. */
function structureAnswer(chat: ChatRequest): FakeAnswer {
  const [first, second, third] = evidenceIds(chat.prompt);
  const named = (a?: string, b?: string) => [a, b, 'ref_zzzzzzzz'].filter(Boolean);
  return {
    kind: 'json',
    value: {
      sections: [
        {
          level: 2,
          title: 'Einleitung',
          purpose: 'Motiviert die Frage.',
          works: named(first, second),
        },
        {
          level: 2,
          title: 'Methoden',
          purpose: 'Beschreibt den Vergleich.',
          works: named(second, third),
        },
        { level: 4, title: 'Datensatz', purpose: 'Beschreibt die Daten.', works: named(first) },
      ],
    },
  };
}

describe.each(kinds)('structure generation with a model on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;

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
    fake.respond = (chat) =>
      isStructureRequest(chat) ? structureAnswer(chat) : defaultResponder(chat);
  });

  it('answers the spec’s validation texts and 404 for another user’s paper', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    expect(await alice.post('/api/structure', { ...TOPIC, title: ' ' })).toMatchObject({
      status: 400,
      body: { error: 'Title is required' },
    });
    expect(await alice.post('/api/structure', { ...TOPIC, description: '' })).toMatchObject({
      status: 400,
      body: { error: 'Description is required' },
    });
    const draft = await alice.post('/api/papers/temp', { type: 'scientific', title: 'X' });
    const theirs = await bob.post('/api/structure', { ...TOPIC, paperId: draft.body.id });
    expect(theirs).toMatchObject({ status: 404, body: { error: 'Paper not found' } });
  });

  it('generates a structure in the chosen language with only real works, charged once', async () => {
    const alice = await server.signedInClient();
    const before = fake.chats.length;
    const jobId = await startStructure(alice, { selectedLanguage: 'de' });
    const done = await finished(alice, jobId);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    const result = done.result!;
    expect(result.template).toBe(false);

    const asked = fake.chats.slice(before).find(isStructureRequest);
    expect(asked?.prompt).toContain('IMRaD');
    expect(asked?.prompt).toContain('German');
    expect(asked?.prompt).toContain(TOPIC.description);
    const listed = new Set(evidenceIds(asked!.prompt));
    expect(listed.size).toBeGreaterThan(2);

    // Levels never skip on the way down: the model's #### under a ## becomes ###.
    expect(result.sections.map((section) => [section.level, section.title])).toEqual([
      [2, 'Einleitung'],
      [2, 'Methoden'],
      [3, 'Datensatz'],
    ]);
    expect(result.markdown).toBe(
      `# ${TOPIC.title}\n\n## Einleitung\n\n## Methoden\n\n### Datensatz`,
    );
    // Each section keeps the listed works the model named, without the invented id; the
    // German 'Datensatz' shares no word with the English abstracts, so nothing is added to
    // its single work.
    const [first, second, third] = evidenceIds(asked!.prompt);
    expect(result.sections.map((section) => section.works.map((work) => work.refId))).toEqual([
      [first, second],
      [second, third],
      [first],
    ]);
    for (const section of result.sections) {
      expect(section.purpose).not.toBe('');
      for (const work of section.works) {
        expect(listed.has(work.refId)).toBe(true);
        expect(work.title).not.toBe('');
      }
    }
    expect(JSON.stringify(result)).not.toContain('ref_zzzzzzzz');

    await eventually(async () => (await balanceOf(alice)) === 0.95);
    const charges = (await historyOf(alice)).filter((entry) => entry.kind !== 'grant');
    expect(charges).toEqual([
      expect.objectContaining({
        kind: 'charge',
        what: 'Paper structure (Fake small)',
        amount: -0.05,
      }),
    ]);
  });

  it('plans its queries from the properties and the uploads, searches with the user’s filters, and follows an uploaded rubric', async () => {
    const alice = await server.signedInClient();
    const rubric =
      'Task 1: Explain the open access citation advantage. Task 2: Criticise one study of it.';
    const asked = (from: number, field: string) =>
      fake.chats
        .slice(from)
        .find(
          (chat) => field in (chat.body.response_format?.json_schema?.schema?.properties ?? {}),
        );

    // No filters sent: the user's own apply. Theirs ask for a word no work of the test corpus
    // has, so nothing is listed and no work is attached.
    const only = (includeText: string) =>
      alice.put('/api/settings/search-filters', { filters: { ...ALL_TYPES_FILTERS, includeText } });
    expect((await only('zebrafish')).status).toBe(200);
    let before = fake.chats.length;
    const unfiltered = await finished(
      alice,
      await startStructure(alice, {
        filters: undefined,
        paperType: 'assignment',
        uploadedContent: rubric,
      }),
    );
    expect(unfiltered.status).toBe('completed');
    const planning = asked(before, 'queries');
    for (const text of [TOPIC.title, TOPIC.description, TOPIC.field, TOPIC.methodology, rubric]) {
      expect(planning?.prompt).toContain(text);
    }
    const structure = asked(before, 'sections');
    expect(structure?.prompt).toContain(rubric);
    expect(structure?.prompt).toContain('one section per task or criterion');
    expect(structure?.prompt).toContain('Works found in the literature:\n(none found)');
    expect(unfiltered.result!.sections.flatMap((section) => section.works)).toEqual([]);

    expect((await only('')).status).toBe(200);
    before = fake.chats.length;
    const filtered = await finished(alice, await startStructure(alice, { filters: undefined }));
    expect(evidenceIds(asked(before, 'sections')!.prompt).length).toBeGreaterThan(2);
    expect(filtered.result!.sections.flatMap((section) => section.works).length).toBeGreaterThan(0);
  });

  it('is owner-scoped: another user’s job answers 404', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const jobId = await startStructure(alice);
    expect(await bob.get(`/api/structure?jobId=${jobId}`)).toMatchObject({
      status: 404,
      body: { error: 'Job not found' },
    });
    expect((await bob.get('/api/structure?jobId=nonsense')).status).toBe(404);
    expect((await bob.get('/api/structure')).status).toBe(404);
    expect((await finished(alice, jobId)).status).toBe('completed');
  });

  it('fails a malformed structure with a clear error and refunds it', async () => {
    const alice = await server.signedInClient();
    fake.respond = (chat) =>
      isStructureRequest(chat)
        ? { kind: 'json', value: { sections: [{ level: 9, heading: 'Intro' }] } }
        : defaultResponder(chat);
    const jobId = await startStructure(alice);
    const done = await finished(alice, jobId);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^The model returned a malformed structure/);
    expect(done.result).toBeNull();
    await eventually(async () => (await balanceOf(alice)) === 1);
    const entries = (await historyOf(alice)).filter((entry) => entry.kind !== 'grant');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.kind === 'refund').length).toBe(
      entries.filter((entry) => entry.kind === 'charge').length,
    );
  });

  it('refuses before any work when the balance is not above the price', async () => {
    const carol = await server.signedInClient();
    const response = await carol.post('/api/structure', {
      ...TOPIC,
      selectedModel: 'openai:fake-large',
    });
    expect(response).toMatchObject({
      status: 402,
      body: {
        error:
          'Insufficient balance. Your balance ($1.00) must be above the cost per section for this model ($1.00). Please add funds to continue.',
      },
    });
    expect((await historyOf(carol)).map((entry) => entry.kind)).toEqual(['grant']);
  });

  it('Discard cancels the running job, removes the draft and refunds', async () => {
    const alice = await server.signedInClient();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    fake.respond = (chat) => {
      if (!isStructureRequest(chat)) return defaultResponder(chat);
      asked = true;
      return { ...(structureAnswer(chat) as { kind: 'json'; value: unknown }), after: held };
    };
    const draft = await alice.post('/api/papers/temp', { type: 'scientific', ...TOPIC });
    const paperId = draft.body.id as string;
    const jobId = await startStructure(alice, { paperId });
    await eventually(async () => asked);
    await eventually(async () => (await balanceOf(alice)) === 0.95);
    const cancelled = await alice.post(`/api/papers/${paperId}/cancel`, { structureJobId: jobId });
    expect(cancelled).toMatchObject({ status: 200, body: { success: true } });
    release();
    expect((await alice.get(`/api/papers/${paperId}`)).status).toBe(404);
    expect((await alice.get(`/api/structure?jobId=${jobId}`)).status).toBe(404);
    await eventually(async () => (await balanceOf(alice)) === 1);
    const entries = (await historyOf(alice)).map((entry) => [entry.kind, entry.amount]);
    expect(entries).toEqual([
      ['refund', 0.05],
      ['charge', -0.05],
      ['grant', 1],
    ]);
    const { body } = await alice.get('/api/papers');
    expect(body).toEqual([]);
  });
});

describe.each(kinds)('structure generation without a model on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  });
  afterAll(() => server.close());

  it('fills the paper type’s template with the topic and stored works, free of charge', async () => {
    const alice = await server.signedInClient();
    const jobId = await startStructure(alice, { paperType: 'literature_review' });
    const done = await finished(alice, jobId);
    expect(done.status).toBe('completed');
    const result = done.result!;
    expect(result.template).toBe(true);
    const template = STRUCTURE_TEMPLATES.literature_review.sections;
    expect(result.sections.map((section) => [section.level, section.title])).toEqual(
      template.map((section) => [section.level, section.title]),
    );
    expect(result.sections[0]!.purpose).toContain(TOPIC.title);
    expect(result.markdown).toContain('## Methods\n\n### Eligibility Criteria');

    const stored = new Set(
      (await server.context.database.db.select({ refId: works.refId }).from(works)).map(
        (row) => row.refId,
      ),
    );
    const attached = result.sections.flatMap((section) => section.works);
    expect(attached.length).toBeGreaterThan(0);
    for (const work of attached) expect(stored.has(work.refId)).toBe(true);
    for (const section of result.sections) expect(section.works.length).toBeLessThanOrEqual(5);
    expect((await historyOf(alice)).filter((entry) => entry.kind !== 'grant')).toEqual([]);
  });

  it('attaches no work rather than works that only share a word with a topic the library lacks', async () => {
    const alice = await server.signedInClient();
    const done = await finished(
      alice,
      await startStructure(alice, {
        title: 'Quantum error correction',
        description: 'Codes that protect quantum information against decoherence',
        methodology: 'Mathematical Paper',
        field: 'Physics',
      }),
    );
    expect(done.status).toBe('completed');
    expect(done.result!.sections.flatMap((section) => section.works)).toEqual([]);
  });
});
