import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultResponder,
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import type { TestServer } from '../../../testing/test-server';
import { ALL_TYPES_FILTERS, createPaper, startModelServer } from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

const DOCUMENT = [
  '# Open access and citations',
  '## Introduction',
  '## Methods',
  'We compare citation counts of open and closed articles.',
  '## Results',
  '## Discussion',
].join('\n\n');

// Index 0 is the level-1 title heading, so section n is at index n.
const SECTIONS = ['Introduction', 'Methods', 'Results', 'Discussion'].map((title, index) => ({
  sectionIndex: index + 1,
  sectionNumber: String(index + 1),
  sectionTitle: title,
  sectionLevel: 2,
}));
/** Methods, Results, Discussion, Introduction (section indexes). */
const SEQUENCE = [2, 3, 4, 1];
const FAKE_ID = 'ref_zzzzzzzz';

interface JobSection {
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  status: string;
  content: string;
  citations: { refId: string }[];
  flags: { sentence: string; kind: string; refIds: string[] }[];
  error: string | null;
}

/** The section a writing prompt is for (the system prompt names it). */
function sectionOf(request: ChatRequest): string | undefined {
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

/** Writes a sentence naming the section, citing a listed work and an invented one. */
function writer(hangOn?: string) {
  return (request: ChatRequest): FakeAnswer => {
    const title = sectionOf(request);
    if (!title || request.body.response_format) return defaultResponder(request);
    if (title === hangOn) return { kind: 'text', chunks: ['Partial text'], hang: true };
    const [first] = evidenceIds(request.prompt);
    return {
      kind: 'text',
      chunks: [`The ${title} finding is marker-${title.toLowerCase()}`, ` [${first}; ${FAKE_ID}].`],
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

describe.each(kinds)('the AI Writing Process job on %s', (kind) => {
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
        model_name: 'openai:fake-mid',
        descriptive_name: 'Fake mid',
        cost_per_section: 0.4,
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

  function start(client: TestClient, paperId: string) {
    return client.post('/api/scaffolded-writing/start', {
      paperId,
      paperType: 'scientific',
      sequence: SEQUENCE,
      sections: SECTIONS.map((section) =>
        section.sectionTitle === 'Results'
          ? {
              ...section,
              customInstructions: { instructions: 'Report effect sizes.', systemPrompt: '' },
            }
          : section,
      ),
      selectedModel: 'openai:fake-small',
      selectedLanguage: 'en',
      references: [],
      filters: ALL_TYPES_FILTERS,
      reasoning: 'Methods first.',
    });
  }

  const status = async (client: TestClient, jobId: string) =>
    (await client.get(`/api/scaffolded-writing/status/${jobId}`)).body as unknown as {
      status: string;
      active: boolean;
      completed: boolean;
      currentIndex: number;
      metadata: { reasoning: string };
      sections: JobSection[];
    };

  const history = async (client: TestClient) =>
    (
      (await client.get('/api/user/billing-history')).body as unknown as {
        entries: { kind: string; what: string; amount: number }[];
      }
    ).entries;

  it('writes the sections in order, each knowing the ones before, citing only retrieved works', async () => {
    fake.respond = writer();
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const started = await start(alice, paperId);
    expect(started.status).toBe(200);
    const jobId = started.body.jobId as string;
    expect(typeof started.body.createdAt).toBe('string');

    const done = await waitFor(
      () => status(alice, jobId),
      (job) => job.status === 'completed' || job.status === 'failed',
    );
    expect(done).toMatchObject({
      status: 'completed',
      completed: true,
      active: false,
      currentIndex: 4,
      metadata: { reasoning: 'Methods first.' },
    });
    expect(done.sections.map((section) => [section.sectionNumber, section.status])).toEqual([
      ['2', 'completed'],
      ['3', 'completed'],
      ['4', 'completed'],
      ['1', 'completed'],
    ]);

    // The prompt of each section holds what the sections written before it said.
    const prompts = new Map(
      fake.chats
        .filter((chat) => !chat.body.response_format && sectionOf(chat))
        .map((chat) => [sectionOf(chat), chat.prompt]),
    );
    expect(prompts.get('Methods')).not.toContain('marker-');
    expect(prompts.get('Results')).toContain('marker-methods');
    expect(prompts.get('Results')).toContain('Report effect sizes.');
    expect(prompts.get('Discussion')).toContain('marker-methods');
    expect(prompts.get('Discussion')).toContain('marker-results');
    expect(prompts.get('Introduction')).toContain('marker-discussion');
    // Its heading path reaches the engine (the query planner sees it).
    const plans = fake.chats.filter((chat) => chat.prompt.includes('Section: Open access'));
    expect(plans.map((chat) => /Section: (.*)/.exec(chat.prompt)?.[1])).toEqual([
      'Open access and citations > Methods',
      'Open access and citations > Results',
      'Open access and citations > Discussion',
      'Open access and citations > Introduction',
    ]);

    // Only works the section's evidence listed are cited; the invented id is gone.
    for (const section of done.sections) {
      const listed = evidenceIds(prompts.get(section.sectionTitle) ?? '');
      expect(listed.length).toBeGreaterThan(0);
      expect(section.content).toContain(`marker-${section.sectionTitle.toLowerCase()}`);
      expect(section.content).not.toContain(FAKE_ID);
      expect(section.citations.length).toBeGreaterThan(0);
      for (const cited of section.citations) expect(listed).toContain(cited.refId);
      // The sentence that lost the invented citation is flagged for the user to check.
      expect(section.flags).toContainEqual({
        sentence: expect.stringContaining(`marker-${section.sectionTitle.toLowerCase()}`),
        kind: 'removed',
        refIds: [],
      });
    }

    // One charge per finished section, none refunded.
    const entries = await history(alice);
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(4);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(0);
    expect((await alice.get('/api/user/balance')).body.balance).toBeCloseTo(0.6, 6);

    const active = await alice.get(`/api/scaffolded-writing/active/${paperId}`);
    expect(active.status).toBe(200);
    expect(active.body.jobId).toBe(jobId);
  });

  it('answers 404 to anyone but the owner on every route', async () => {
    fake.respond = writer();
    const alice = await server.signedInClient('Alice');
    const bob = await server.signedInClient('Bob');
    const paperId = await createPaper(alice, DOCUMENT);
    expect((await start(bob, paperId)).status).toBe(404);
    const jobId = (await start(alice, paperId)).body.jobId as string;
    expect((await bob.get(`/api/scaffolded-writing/status/${jobId}`)).status).toBe(404);
    expect((await bob.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
    expect((await bob.post(`/api/scaffolded-writing/cancel/${jobId}`, {})).status).toBe(404);
    expect((await alice.get('/api/scaffolded-writing/status/not-a-job')).status).toBe(404);
    await waitFor(
      () => status(alice, jobId),
      (job) => !job.active,
    );
    expect((await status(alice, jobId)).status).toBe('completed');
  });

  it('answers 404 for the active job of a paper without one, or 200 null when asked so', async () => {
    const alice = await server.signedInClient('Alice');
    const bob = await server.signedInClient('Bob');
    const paperId = await createPaper(alice, DOCUMENT);
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
    const none = await alice.get(`/api/scaffolded-writing/active/${paperId}?absent=null`);
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    // Another user's paper is still not found.
    expect((await bob.get(`/api/scaffolded-writing/active/${paperId}?absent=null`)).status).toBe(
      404,
    );
  });

  it('cancel stops the provider call at once and refunds the section in progress', async () => {
    fake.respond = writer('Results');
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const jobId = (await start(alice, paperId)).body.jobId as string;
    await waitFor(
      async () =>
        fake.chats.find((chat) => sectionOf(chat) === 'Results' && !chat.body.response_format),
      (chat) => chat !== undefined,
    );
    const cancelled = await alice.post(`/api/scaffolded-writing/cancel/${jobId}`, {});
    expect(cancelled.status).toBe(200);
    const chat = fake.chats.find(
      (request) => sectionOf(request) === 'Results' && !request.body.response_format,
    );
    await waitFor(
      async () => chat?.closedEarly,
      (closed) => closed === true,
    );
    const job = await waitFor(
      () => status(alice, jobId),
      (current) => current.sections[1]?.status === 'pending',
    );
    expect(job.status).toBe('cancelled');
    expect(job.sections.map((section) => section.status)).toEqual([
      'completed',
      'pending',
      'pending',
      'pending',
    ]);
    const entries = await waitFor(
      () => history(alice),
      (list) => list.some((entry) => entry.kind === 'refund'),
    );
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(2);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    expect((await alice.get('/api/user/balance')).body.balance).toBeCloseTo(0.9, 6);
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
  });

  it('answers the written sections, and clear-status removes a finished job', async () => {
    fake.respond = writer();
    const alice = await server.signedInClient('Alice');
    const bob = await server.signedInClient('Bob');
    const paperId = await createPaper(alice, DOCUMENT);
    const jobId = (await start(alice, paperId)).body.jobId as string;
    await waitFor(
      () => status(alice, jobId),
      (job) => job.status === 'completed',
    );
    const sections = await alice.get(`/api/scaffolded-writing/sections/${jobId}`);
    expect(sections.status).toBe(200);
    const listed = (sections.body as unknown as { sections: JobSection[] }).sections;
    expect(listed.map((section) => section.sectionIndex)).toEqual(SEQUENCE);
    expect(listed[0]?.content).toContain('marker-methods');
    expect(listed[0]?.citations.length).toBeGreaterThan(0);

    expect((await bob.get(`/api/scaffolded-writing/sections/${jobId}`)).status).toBe(404);
    expect((await bob.post(`/api/scaffolded-writing/clear-status/${paperId}`, {})).status).toBe(
      404,
    );
    expect((await bob.delete(`/api/scaffolded-writing/delete-all/${paperId}`)).status).toBe(404);
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(200);

    const cleared = await alice.post(`/api/scaffolded-writing/clear-status/${paperId}`, {});
    expect(cleared.status).toBe(200);
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
    expect((await alice.get(`/api/scaffolded-writing/status/${jobId}`)).status).toBe(404);
  });

  it('delete-all stops a running job, refunds its section and deletes it', async () => {
    fake.respond = writer('Results');
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const jobId = (await start(alice, paperId)).body.jobId as string;
    await waitFor(
      async () =>
        fake.chats.find((chat) => sectionOf(chat) === 'Results' && !chat.body.response_format),
      (chat) => chat !== undefined,
    );
    const deleted = await alice.delete(`/api/scaffolded-writing/delete-all/${paperId}`);
    expect(deleted.status).toBe(200);
    expect((await alice.get(`/api/scaffolded-writing/status/${jobId}`)).status).toBe(404);
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
    const entries = await waitFor(
      () => history(alice),
      (list) => list.some((entry) => entry.kind === 'refund'),
    );
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(2);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    expect((await alice.get('/api/user/balance')).body.balance).toBeCloseTo(0.9, 6);
  });

  it('writes a paper once at a time: starts sent at the same instant or while it runs get a 409', async () => {
    fake.respond = writer('Results');
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const answers = await Promise.all([1, 2, 3].map(() => start(alice, paperId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toBe('The AI is already writing this paper');
    }
    const running = answers.find((answer) => answer.status === 200)?.body.jobId as string;
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).body.jobId).toBe(running);
    expect((await start(alice, paperId)).status).toBe(409);
    // Once it is cancelled, the paper can be written again.
    expect((await alice.post(`/api/scaffolded-writing/cancel/${running}`, {})).status).toBe(200);
    expect((await start(alice, paperId)).status).toBe(200);
    expect((await alice.delete(`/api/scaffolded-writing/delete-all/${paperId}`)).status).toBe(200);
  });

  it('refuses to start when the balance is not above the cost of a section', async () => {
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const refused = await alice.post('/api/scaffolded-writing/start', {
      paperId,
      sections: SECTIONS,
      selectedModel: 'openai:fake-pricey',
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(
      'Insufficient balance. Your balance ($1.00) must be above the cost per section for this model ($1.00). Please add funds to continue.',
    );
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
  });

  it('says on each section the balance could not pay why it failed', async () => {
    fake.respond = writer();
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    // $1.00 at $0.40 a section pays for two (the balance must stay above the cost).
    const started = await alice.post('/api/scaffolded-writing/start', {
      paperId,
      sections: SECTIONS,
      sequence: SEQUENCE,
      selectedModel: 'openai:fake-mid',
      filters: ALL_TYPES_FILTERS,
    });
    expect(started.status).toBe(200);
    const job = await waitFor(
      () => status(alice, started.body.jobId as string),
      (value) => !value.active,
    );
    expect(job.sections.map((section) => [section.status, section.error])).toEqual([
      ['completed', null],
      ['completed', null],
      [
        'failed',
        'Insufficient balance. Your balance ($0.20) is below the cost per section for this model ($0.40). Please add funds to continue.',
      ],
      [
        'failed',
        'Insufficient balance. Your balance ($0.20) is below the cost per section for this model ($0.40). Please add funds to continue.',
      ],
    ]);
  });

  it('refuses to write over the reference list', async () => {
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(
      alice,
      `${DOCUMENT}\n\n## References\n\n[xref_abcd1234] Tang, J. (2016). A study.`,
    );
    const response = await alice.post('/api/scaffolded-writing/start', {
      paperId,
      sections: [
        ...SECTIONS,
        { sectionIndex: 5, sectionNumber: '5', sectionTitle: 'References', sectionLevel: 2 },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      'The section "References" is the reference list: it is made from the citations, and the AI does not write over it',
    );
  });

  it('refuses a sequence that does not list each chosen section once', async () => {
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const response = await alice.post('/api/scaffolded-writing/start', {
      paperId,
      sections: SECTIONS,
      sequence: [2, 3, 3, 1],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('The sequence must list each chosen section once');
  });
  it('identifies sections by their index when numbers repeat under level-1 headings', async () => {
    fake.respond = writer();
    const alice = await server.signedInClient('Alice');
    // Numbers restart under each level-1 heading: two sections are '1' and two are '2', and
    // two are even called Background. Index 0 and 3 are the unnumbered level-1 headings.
    const paperId = await createPaper(
      alice,
      [
        '# Part one',
        '## Background',
        'Open access in the sciences.',
        '## Methods',
        '# Part two',
        '## Background',
        'Open access in the humanities.',
        '## Results',
      ].join('\n\n'),
    );
    const chosen = [
      { sectionIndex: 1, sectionNumber: '1', sectionTitle: 'Background', sectionLevel: 2 },
      { sectionIndex: 2, sectionNumber: '2', sectionTitle: 'Methods', sectionLevel: 2 },
      { sectionIndex: 4, sectionNumber: '1', sectionTitle: 'Background', sectionLevel: 2 },
      { sectionIndex: 5, sectionNumber: '2', sectionTitle: 'Results', sectionLevel: 2 },
    ];
    const started = await alice.post('/api/scaffolded-writing/start', {
      paperId,
      sequence: [5, 4, 2, 1],
      sections: chosen,
      selectedModel: 'openai:fake-small',
      filters: ALL_TYPES_FILTERS,
    });
    expect(started.status).toBe(200);
    const done = await waitFor(
      () => status(alice, started.body.jobId as string),
      (job) => !job.active,
    );
    expect(done.status).toBe('completed');
    expect(
      (done.sections as (JobSection & { sectionIndex: number })[]).map((section) => [
        section.sectionIndex,
        section.sectionNumber,
        section.status,
      ]),
    ).toEqual([
      [5, '2', 'completed'],
      [4, '1', 'completed'],
      [2, '2', 'completed'],
      [1, '1', 'completed'],
    ]);
    // Each Background was written as its own section: its heading path and its own notes.
    const backgrounds = fake.chats.filter(
      (chat) => sectionOf(chat) === 'Background' && !chat.body.response_format,
    );
    expect(backgrounds).toHaveLength(2);
    expect(backgrounds[0]?.prompt).toContain('Open access in the humanities.');
    expect(backgrounds[0]?.prompt).not.toContain('Open access in the sciences.');
    expect(backgrounds[1]?.prompt).toContain('Open access in the sciences.');
    const plans = fake.chats.filter((chat) => /Section: Part/.test(chat.prompt));
    expect(plans.map((chat) => /Section: (.*)/.exec(chat.prompt)?.[1])).toEqual([
      'Part two > Results',
      'Part two > Background',
      'Part one > Methods',
      'Part one > Background',
    ]);

    // An index whose heading is another section, or an unnumbered heading, is refused.
    for (const wrong of [
      { sectionIndex: 2, sectionNumber: '1', sectionTitle: 'Background', sectionLevel: 2 },
      { sectionIndex: 3, sectionNumber: '', sectionTitle: 'Part two', sectionLevel: 1 },
    ]) {
      const refused = await alice.post('/api/scaffolded-writing/start', {
        paperId,
        sections: [wrong],
        selectedModel: 'openai:fake-small',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(
        `The section "${wrong.sectionTitle}" is not a numbered section of the saved paper`,
      );
    }
  });
});
