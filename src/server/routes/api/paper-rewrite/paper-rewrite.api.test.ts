import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_REWRITE_INSTRUCTION } from '../../../../shared/ai/rewrite-presets';
import { splitSections } from '../../../../shared/document/sections';
import {
  defaultResponder,
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import { jobs } from '../../../db/schema';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import type { TestServer } from '../../../testing/test-server';
import { ALL_TYPES_FILTERS, createPaper, startModelServer } from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

const DOCUMENT = [
  '# Open access and citations',
  '## Introduction',
  'Articles that are freely available on the web are cited more often than articles behind a paywall.',
  '## Methods',
  'We compare citation counts of open and closed articles on the arXiv repository.',
  '## Results',
  '## Discussion',
  'Open access self-archiving is associated with higher citation counts.',
].join('\n\n');
const PARTS = splitSections(DOCUMENT);
const indexOf = (title: string) => PARTS.findIndex((part) => part.sectionTitle === title);
const FAKE_ID = 'ref_zzzzzzzz';
const CUSTOM = 'Stress the limits of observational data.';

interface RewriteSection {
  section_index: number;
  section_number: string;
  section_title: string;
  task_type: string;
  status: string;
  original_content: string;
  content: string;
  citations: string;
  removed_citations: number;
  weak_sentences: { sentence: string; refIds: string[] }[];
  error: string | null;
}

/** The section a writing prompt is for (the system prompt names it). */
function sectionOf(request: ChatRequest): string | undefined {
  if (request.body.response_format) return undefined;
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

/** Rewrites a section citing a listed work and an invented one; hangs on `hangOn`. */
function writer(hangOn?: string) {
  return (request: ChatRequest): FakeAnswer => {
    const title = sectionOf(request);
    if (!title) return defaultResponder(request);
    if (title === hangOn) return { kind: 'text', chunks: ['Partial text'], hang: true };
    const [first] = evidenceIds(request.prompt);
    return {
      kind: 'text',
      chunks: [`The ${title} rewritten marker-${title.toLowerCase()}`, ` [${first}; ${FAKE_ID}].`],
    };
  };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached in 60 s');
}

/** The request the modal sends for the sections titled `titles`. */
function startBody(paperId: string, titles: string[], extra: Record<string, unknown> = {}) {
  const sections = PARTS.flatMap((part, sectionIndex) =>
    part.sectionNumber
      ? [
          {
            sectionIndex,
            sectionNumber: part.sectionNumber,
            sectionTitle: part.sectionTitle,
            contentMarkdown: part.contentMarkdown,
            references: part.references,
            shouldRewrite: titles.includes(part.sectionTitle),
            customInstructions: part.sectionTitle === 'Discussion' ? CUSTOM : '',
            enableLiteratureSearch: true,
          },
        ]
      : [],
  );
  return {
    paperId,
    paperType: 'scientific',
    sections,
    tasks: sections
      .filter((section) => section.shouldRewrite)
      .map((section) => ({
        sectionIndex: section.sectionIndex,
        sectionNumber: section.sectionNumber,
        type: section.customInstructions ? 'rewrite_custom' : 'rewrite_enrich',
        customInstructions: section.customInstructions,
        enableLiteratureSearch: true,
      })),
    allReferences: [],
    filters: ALL_TYPES_FILTERS,
    selectedModel: 'openai:fake-small',
    ...extra,
  };
}

describe.each(kinds)('Rewrite Paper on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(kind, [
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake small',
        cost_per_section: 0.1,
        free_tier: true,
      },
      {
        model_name: 'openai:fake-pricey',
        descriptive_name: 'Fake pricey',
        cost_per_section: 1,
        free_tier: true,
      },
    ]));
  });
  afterAll(() => close());
  beforeEach(() => {
    fake.chats.length = 0;
  });

  const statusText = async (client: TestClient, paperId: string) =>
    (await client.get(`/api/paper-rewrite/status/${paperId}`)).body.processing_status as string;
  const sections = async (client: TestClient, paperId: string) =>
    (
      (await client.get(`/api/paper-rewrite/sections/${paperId}`)).body as unknown as {
        sections: RewriteSection[];
      }
    ).sections;
  const history = async (client: TestClient) =>
    (
      (await client.get('/api/user/billing-history')).body as unknown as {
        entries: { kind: string; what: string }[];
      }
    ).entries;
  const active = async (client: TestClient) =>
    (await client.get('/api/paper-rewrite/active-rewrites')).body.activeRewrites as string[];

  it('rewrites the chosen sections with text, citing only retrieved works, one charge each', async () => {
    fake.respond = writer();
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    expect(await statusText(alice, paperId)).toBe('');

    const started = await alice.post(
      '/api/paper-rewrite/start',
      startBody(paperId, ['Introduction', 'Results', 'Discussion']),
    );
    expect(started.status).toBe(200);
    expect(typeof started.body.jobId).toBe('string');
    const status = await waitFor(
      () => statusText(alice, paperId),
      (text) => text === 'completed' || text.startsWith('error:'),
    );
    expect(status).toBe('completed');

    // Results has no body text: it is not rewritten, nor charged.
    const done = await sections(alice, paperId);
    expect(done.map((section) => [section.section_index, section.section_title])).toEqual([
      [indexOf('Introduction'), 'Introduction'],
      [indexOf('Discussion'), 'Discussion'],
    ]);
    expect(done.map((section) => [section.status, section.task_type])).toEqual([
      ['completed', 'rewrite_enrich'],
      ['completed', 'rewrite_custom'],
    ]);
    expect(done[0]?.original_content).toBe(PARTS[indexOf('Introduction')]?.contentMarkdown);
    expect(fake.chats.filter((chat) => sectionOf(chat) !== undefined).map(sectionOf)).toEqual([
      'Introduction',
      'Discussion',
    ]);

    // Each prompt carries its task and the section's current text.
    const prompt = (title: string) => fake.chats.find((chat) => sectionOf(chat) === title)!.prompt;
    expect(prompt('Introduction')).toContain(DEFAULT_REWRITE_INSTRUCTION);
    expect(prompt('Introduction')).toContain('freely available on the web');
    expect(prompt('Discussion')).toContain(CUSTOM);

    // Only works the section's evidence listed are cited; the invented id was removed.
    for (const section of done) {
      const listed = evidenceIds(prompt(section.section_title));
      expect(listed.length).toBeGreaterThan(0);
      expect(section.content).toContain(`marker-${section.section_title.toLowerCase()}`);
      expect(section.content).not.toContain(FAKE_ID);
      expect(section.removed_citations).toBe(1);
      const cited = JSON.parse(section.citations) as { refId: string; certainty: number }[];
      expect(cited.length).toBeGreaterThan(0);
      for (const work of cited) {
        expect(listed).toContain(work.refId);
        expect(typeof work.certainty).toBe('number');
      }
    }

    const entries = await history(alice);
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(2);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(0);
    expect((await alice.get('/api/user/balance')).body.balance).toBeCloseTo(0.8, 6);

    // The paper itself is unchanged until the user saves; clear-status drops the results.
    expect((await alice.get(`/api/papers/${paperId}`)).body.content).toBe(DOCUMENT);
    expect((await alice.post(`/api/paper-rewrite/clear-status/${paperId}`, {})).status).toBe(200);
    expect(await statusText(alice, paperId)).toBe('');
    expect(await sections(alice, paperId)).toEqual([]);
  });

  it('flags the sentences whose citations came out weak', async () => {
    const write = writer();
    fake.respond = (request) => {
      const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
      return 'certainty' in properties
        ? { kind: 'json', value: { certainty: 0.3, reasoning: 'Barely related.', evidence: '' } }
        : write(request);
    };
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    await alice.post('/api/paper-rewrite/start', startBody(paperId, ['Introduction']));
    await waitFor(
      () => statusText(alice, paperId),
      (text) => text === 'completed' || text.startsWith('error:'),
    );
    const [section] = await sections(alice, paperId);
    const [work] = JSON.parse(section?.citations ?? '[]') as { refId: string; certainty: number }[];
    expect(work?.certainty).toBe(0.3);
    expect(section?.weak_sentences).toEqual([
      {
        sentence: expect.stringContaining('marker-introduction') as unknown as string,
        refIds: [work?.refId],
      },
    ]);
  });

  it('runs one of three starts sent at the same instant and tells the others a rewrite is running', async () => {
    fake.respond = writer('Introduction');
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const answers = await Promise.all(
      ['Introduction', 'Introduction', 'Introduction'].map((title) =>
        alice.post('/api/paper-rewrite/start', startBody(paperId, [title])),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toBe('A rewrite of this paper is already running');
    }
    const running = await server.context.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.paperId, paperId), inArray(jobs.status, ['pending', 'processing'])));
    expect(running).toHaveLength(1);
    expect((await alice.post(`/api/paper-rewrite/cancel/${paperId}`, {})).status).toBe(200);
  });

  it('lists the paper as being rewritten while it runs; cancel refunds the section in progress', async () => {
    fake.respond = writer('Discussion');
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const idle = await createPaper(alice, DOCUMENT);
    expect(
      (
        await alice.post(
          '/api/paper-rewrite/start',
          startBody(paperId, ['Introduction', 'Discussion']),
        )
      ).status,
    ).toBe(200);
    await waitFor(
      async () => fake.chats.find((chat) => sectionOf(chat) === 'Discussion'),
      (chat) => chat !== undefined,
    );
    expect(await active(alice)).toEqual([paperId]);
    expect(await statusText(alice, paperId)).toBe('Rewriting section 4 Discussion (2 of 2)…');
    const again = await alice.post('/api/paper-rewrite/start', startBody(paperId, ['Methods']));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('A rewrite of this paper is already running');

    expect((await alice.post(`/api/paper-rewrite/cancel/${paperId}`, {})).status).toBe(200);
    const chat = fake.chats.find((request) => sectionOf(request) === 'Discussion');
    await waitFor(
      async () => chat?.closedEarly,
      (closed) => closed === true,
    );
    const after = await waitFor(
      () => sections(alice, paperId),
      (list) => list[1]?.status === 'not_started',
    );
    expect(after.map((section) => section.status)).toEqual(['completed', 'not_started']);
    expect(await statusText(alice, paperId)).toBe('error: The rewrite was cancelled.');
    expect(await active(alice)).toEqual([]);
    const entries = await waitFor(
      () => history(alice),
      (list) => list.some((entry) => entry.kind === 'refund'),
    );
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(2);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    expect((await alice.get('/api/user/balance')).body.balance).toBeCloseTo(0.9, 6);
    const nothing = await alice.post(`/api/paper-rewrite/cancel/${idle}`, {});
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('No rewrite is running for this paper');
  });

  it('answers 404 to anyone but the owner on every route', async () => {
    // The rewritten section hangs, so the job is still running when the list is read (a
    // section that is answered at once may finish first on a busy machine).
    fake.respond = writer('Methods');
    const alice = await server.signedInClient('Alice');
    const bob = await server.signedInClient('Bob');
    const paperId = await createPaper(alice, DOCUMENT);
    expect(
      (await bob.post('/api/paper-rewrite/start', startBody(paperId, ['Methods']))).status,
    ).toBe(404);
    expect(
      (await alice.post('/api/paper-rewrite/start', startBody(paperId, ['Methods']))).status,
    ).toBe(200);
    expect((await bob.get(`/api/paper-rewrite/status/${paperId}`)).status).toBe(404);
    expect((await bob.get(`/api/paper-rewrite/sections/${paperId}`)).status).toBe(404);
    expect((await bob.post(`/api/paper-rewrite/cancel/${paperId}`, {})).status).toBe(404);
    expect((await bob.post(`/api/paper-rewrite/clear-status/${paperId}`, {})).status).toBe(404);
    expect(await active(bob)).toEqual([]);
    expect((await alice.get('/api/paper-rewrite/status/not-a-paper')).status).toBe(404);
    expect(await active(alice)).toEqual([paperId]);
    expect((await alice.post(`/api/paper-rewrite/cancel/${paperId}`, {})).status).toBe(200);
  });

  it('refuses a start without a task, without a section with text, or for a changed paper', async () => {
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const noTask = await alice.post('/api/paper-rewrite/start', {
      ...startBody(paperId, ['Introduction']),
      tasks: [],
    });
    expect(noTask.status).toBe(400);
    expect(noTask.body.error).toBe('At least one task is required');
    const onlyEmpty = await alice.post('/api/paper-rewrite/start', startBody(paperId, ['Results']));
    expect(onlyEmpty.status).toBe(400);
    expect(onlyEmpty.body.error).toBe('Select at least one section with text to rewrite');
    const body = startBody(paperId, ['Introduction']);
    const moved = {
      ...body,
      sections: body.sections.map((section) => ({
        ...section,
        sectionIndex: section.sectionIndex + 1,
      })),
    };
    const changed = await alice.post('/api/paper-rewrite/start', moved);
    expect(changed.status).toBe(409);
    const pricey = await alice.post(
      '/api/paper-rewrite/start',
      startBody(paperId, ['Introduction'], { selectedModel: 'openai:fake-pricey' }),
    );
    expect(pricey.status).toBe(402);
    expect(pricey.body.error).toBe(
      'Insufficient balance. Your balance ($1.00) must be above the cost per section for this model ($1.00). Please add funds to continue.',
    );
    expect(await statusText(alice, paperId)).toBe('');
  });
});
