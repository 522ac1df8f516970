import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { works } from '../../../db/schema';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import {
  defaultResponder,
  evidenceIds,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { MINI_CORPUS, startModelServer } from '../ai/ai-test-support';
import {
  balanceOf,
  eventually,
  headingOf,
  historyOf,
  isSubsectionRequest,
  refineFinished,
  refineStatus,
  structureAndRefine,
  structureOf,
  TOPIC,
  type RefineResultBody,
  type RefineStatus,
} from './refine-test-support';

const kinds = await testDatabaseKinds();

const TITLES = ['Introduction', 'Methods', 'Results', 'Discussion'];

interface ListedJob {
  jobId: string;
  jobType: string;
  status: string;
  title: string;
  paperType: string;
  currentSection: number;
  totalSections: number;
  progress: number;
  refineJobId: string | null;
  structureJobId: string | null;
}

describe.each(kinds)('structure refinement with a model on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(kind, [
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake small',
        cost_per_section: 0.01,
        free_tier: true,
      },
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
    fake.respond = structureAndRefine(TITLES);
  });

  const jobsOf = async (client: Awaited<ReturnType<TestServer['signedInClient']>>) => {
    const response = await client.get('/api/refine-structure/jobs');
    expect(response.status).toBe(200);
    return (response.body as unknown as { jobs: ListedJob[] }).jobs;
  };

  it('answers clear errors for bad input, and 404 for another user’s paper or structure', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const sections = [{ level: 2, title: 'Introduction', purpose: 'Why.' }];
    expect(await alice.post('/api/refine-structure', { ...TOPIC, sections: [] })).toMatchObject({
      status: 400,
      body: { error: 'No content sections found' },
    });
    expect(
      await alice.post('/api/refine-structure', { ...TOPIC, content: '# Only a title' }),
    ).toMatchObject({ status: 400, body: { error: 'No content sections found' } });
    // A ##### heading cannot go deeper: nothing to refine.
    expect(
      await alice.post('/api/refine-structure', {
        ...TOPIC,
        sections: [{ level: 5, title: 'Deep' }],
      }),
    ).toMatchObject({ status: 400, body: { error: 'No content sections found' } });
    expect(
      await alice.post('/api/refine-structure', { ...TOPIC, title: ' ', sections }),
    ).toMatchObject({ status: 400, body: { error: 'Title is required' } });
    expect(
      await alice.post('/api/refine-structure', { ...TOPIC, sections, selectedLanguage: 'xx' }),
    ).toMatchObject({ status: 400, body: { error: 'Unknown language: xx' } });
    expect((await alice.post('/api/refine-structure', { ...TOPIC, sections: 'nope' })).status).toBe(
      400,
    );

    const draft = await alice.post('/api/papers/temp', { type: 'scientific', title: 'X' });
    const structure = await structureOf(alice, { paperId: draft.body.id });
    expect(
      await bob.post('/api/refine-structure', { ...TOPIC, sections, paperId: draft.body.id }),
    ).toMatchObject({ status: 404, body: { error: 'Paper not found' } });
    expect(
      await bob.post('/api/refine-structure', {
        ...TOPIC,
        sections,
        structureJobId: structure.jobId,
      }),
    ).toMatchObject({ status: 404, body: { error: 'Job not found' } });
    expect(
      (await bob.post('/api/refine-structure', { ...TOPIC, sections, paperId: 'nonsense' })).status,
    ).toBe(404);
    // Nothing was queued or charged for bob.
    expect(await jobsOf(bob)).toEqual([]);
    expect((await historyOf(bob)).map((entry) => entry.kind)).toEqual(['grant']);
  });

  it('refines each heading into subsections with retrieved works: 1 structure + 20 sections = 21 × cost', async () => {
    const alice = await server.signedInClient();
    const draft = await alice.post('/api/papers/temp', { type: 'scientific', ...TOPIC });
    const paperId = draft.body.id as string;
    const structure = await structureOf(alice, { paperId, selectedLanguage: 'de' });
    // The user added headings in the tree until it had twenty.
    const sections = [
      ...structure.sections,
      ...Array.from({ length: 20 - structure.sections.length }, (_, index) => ({
        level: index % 2 === 0 ? 2 : 3,
        title: `Topic ${index + 1}`,
        purpose: '',
        works: [],
      })),
    ];
    const before = fake.chats.length;
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      paperId,
      structureJobId: structure.jobId,
      sections,
      content: structure.markdown,
      selectedLanguage: 'de',
      files: [{ name: 'notes.txt', content: 'Notes about green open access.' }],
      searchContext: 'Self-archiving on arXiv',
    });
    expect(started).toMatchObject({ status: 202, body: { totalSections: 20 } });
    const jobId = started.body.jobId as string;
    const done = await refineFinished(alice, jobId);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({
      jobId,
      jobType: 'refine',
      status: 'completed',
      title: TOPIC.title,
      paperId,
      structureJobId: structure.jobId,
      currentSection: 20,
      totalSections: 20,
      progress: 100,
    });
    expect(done.sections.every((section) => section.status === 'completed')).toBe(true);

    const asked = fake.chats.slice(before).filter(isSubsectionRequest);
    expect(asked.map(headingOf)).toEqual(sections.map((section) => section.title));
    expect(asked[0]?.prompt).toContain('German');
    expect(asked[0]?.prompt).toContain('Self-archiving on arXiv');
    expect(asked[0]?.prompt).toContain('Notes about green open access.');
    expect(asked[0]?.prompt).toContain('## Introduction  <-- expand this heading');

    const response = await alice.get(`/api/refine-structure/result/${jobId}`);
    expect(response.status).toBe(200);
    const result = response.body as unknown as RefineResultBody;
    expect(result.template).toBe(false);
    // About four times as many headings: each heading followed by its three subsections.
    expect(result.sections).toHaveLength(80);
    expect(result.sections.slice(0, 4).map((s) => [s.level, s.title])).toEqual([
      [2, 'Introduction'],
      [3, 'Introduction part 1'],
      [3, 'Introduction part 2'],
      [3, 'Introduction part 3'],
    ]);
    expect(result.content).toContain(
      `# ${TOPIC.title}\n\n## Introduction\n\n### Introduction part 1\n\n### Introduction part 2`,
    );
    expect(result.content).toContain('### Topic 2\n\n#### Topic 2 part 1');
    // Each subsection's works are listed (retrieved) works, never the invented id.
    for (const [index, refined] of result.refinedSections.entries()) {
      const listed = new Set(evidenceIds(asked[index]!.prompt));
      expect(refined.subsections).toHaveLength(3);
      for (const subsection of refined.subsections) {
        expect(subsection.purpose).not.toBe('');
        for (const work of subsection.works) expect(listed.has(work.refId)).toBe(true);
      }
    }
    expect(JSON.stringify(result)).not.toContain('ref_zzzzzzzz');
    expect(result.refinedSections[0]!.subsections[0]!.works.length).toBeGreaterThanOrEqual(2);

    // The spec's example (002 §1): one structure and twenty sections cost 21 × $0.01.
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.79) < 1e-9,
    );
    const charges = (await historyOf(alice)).filter((entry) => entry.kind === 'charge');
    expect(charges).toHaveLength(21);
    expect(
      charges.filter((entry) => entry.what.startsWith('Structure refinement of')),
    ).toHaveLength(20);
    expect((await historyOf(alice)).filter((entry) => entry.kind === 'refund')).toEqual([]);

    // The structure handed over to its refinement (001 §4).
    const polled = await alice.get(`/api/structure?jobId=${structure.jobId}`);
    expect(polled.body).toMatchObject({ status: 'refining', refineJobId: jobId });
    const listed = await jobsOf(alice);
    expect(listed.map((job) => [job.jobType, job.status, job.jobId])).toEqual([
      ['refine', 'completed', jobId],
    ]);
  });

  it('lists the user’s structure and refine jobs with their statuses until the paper is saved', async () => {
    const alice = await server.signedInClient();
    const draft = await alice.post('/api/papers/temp', { type: 'scientific', ...TOPIC });
    const paperId = draft.body.id as string;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.respond = (chat) => {
      const answer = structureAndRefine(TITLES)(chat);
      if (headingOf(chat) === 'Methods')
        return { ...(answer as { kind: 'json'; value: unknown }), after: held };
      return answer;
    };
    const structure = await structureOf(alice, { paperId });
    expect(await jobsOf(alice)).toEqual([
      expect.objectContaining({
        jobId: structure.jobId,
        jobType: 'structure',
        status: 'completed',
        title: TOPIC.title,
        paperType: 'scientific',
        refineJobId: null,
      }),
    ]);
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      paperId,
      structureJobId: structure.jobId,
      sections: structure.sections,
    });
    const jobId = started.body.jobId as string;
    // Refining Methods, the second of four headings: 'Refining structure (25% - Section 2/4)'.
    const running = await eventually(
      () => jobsOf(alice),
      (jobs) => jobs[0]?.status === 'refining' && jobs[0].currentSection === 2,
    );
    expect(running).toEqual([
      expect.objectContaining({
        jobId,
        jobType: 'refine',
        status: 'refining',
        structureJobId: structure.jobId,
        currentSection: 2,
        totalSections: 4,
        progress: 25,
      }),
    ]);
    const structureStatus = await refineStatus(alice, structure.jobId);
    expect(structureStatus).toMatchObject({
      jobType: 'structure',
      status: 'refining',
      refineJobId: jobId,
      currentSection: 2,
      totalSections: 4,
    });
    expect((await refineStatus(alice, jobId)).sections.map((s) => s.status)).toEqual([
      'completed',
      'refining',
      'pending',
      'pending',
    ]);
    expect((await alice.get(`/api/refine-structure/result/${jobId}`)).status).toBe(409);
    release();
    await refineFinished(alice, jobId);
    expect((await jobsOf(alice)).map((job) => [job.jobType, job.status])).toEqual([
      ['refine', 'completed'],
    ]);
    const result = (await alice.get(`/api/refine-structure/result/${jobId}`))
      .body as unknown as RefineResultBody;
    const saved = await alice.post(`/api/papers/${paperId}/finalize`, {
      type: 'scientific',
      content: result.content,
      properties: { title: TOPIC.title, description: TOPIC.description },
    });
    expect(saved.status).toBe(200);
    expect(await jobsOf(alice)).toEqual([]);
  });

  it('is owner-scoped: every route answers 404 to another user', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const structure = await structureOf(alice);
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      structureJobId: structure.jobId,
      sections: structure.sections,
    });
    const jobId = started.body.jobId as string;
    for (const id of [jobId, structure.jobId]) {
      expect(await bob.get(`/api/refine-structure/status/${id}`)).toMatchObject({
        status: 404,
        body: { error: 'Job not found' },
      });
      expect((await bob.post(`/api/refine-structure/cancel/${id}`, {})).status).toBe(404);
      expect((await bob.get(`/api/refine-structure/result/${id}`)).status).toBe(404);
    }
    expect((await bob.get('/api/refine-structure/status/nonsense')).status).toBe(404);
    expect(await jobsOf(bob)).toEqual([]);
    const done = await refineFinished(alice, jobId);
    expect(done.status).toBe('completed');
    expect((await bob.get(`/api/refine-structure/result/${jobId}`)).status).toBe(404);
  });

  it('cancel stops the provider call, refunds the section in progress and keeps the paid ones', async () => {
    const alice = await server.signedInClient();
    fake.respond = (chat) => {
      if (headingOf(chat) === 'Results') {
        return { kind: 'json', value: {}, after: new Promise<void>(() => undefined) };
      }
      return structureAndRefine(TITLES)(chat);
    };
    const structure = await structureOf(alice);
    const before = fake.chats.length;
    const mine = () => fake.chats.slice(before);
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      structureJobId: structure.jobId,
      sections: structure.sections,
    });
    const jobId = started.body.jobId as string;
    const results = await eventually(
      async () => mine().find((chat) => headingOf(chat) === 'Results'),
      (chat) => chat !== undefined,
    );
    // Structure, Introduction and Methods settled; Results held.
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.96) < 1e-9,
    );
    expect(await alice.post(`/api/refine-structure/cancel/${jobId}`, {})).toMatchObject({
      status: 200,
      body: { success: true },
    });
    await eventually(
      async () => results!.closedEarly,
      (closed) => closed,
    );
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.97) < 1e-9,
    );
    const status = await eventually(
      () => refineStatus(alice, jobId),
      (job) => job.sections[2]?.status === 'pending',
    );
    expect(status.status).toBe('cancelled');
    expect(status.sections.map((section) => section.status)).toEqual([
      'completed',
      'completed',
      'pending',
      'pending',
    ]);
    expect(mine().some((chat) => headingOf(chat) === 'Discussion')).toBe(false);
    const entries = (await historyOf(alice)).map((entry) => [entry.kind, entry.amount]);
    expect(entries.filter(([kind]) => kind === 'refund')).toEqual([['refund', 0.01]]);
    // A cancelled refinement gives the structure back: ready to save or refine again.
    expect((await alice.get(`/api/structure?jobId=${structure.jobId}`)).body).toMatchObject({
      status: 'completed',
      refineJobId: null,
    });
    expect((await jobsOf(alice)).map((job) => [job.jobType, job.status])).toEqual([
      ['structure', 'completed'],
    ]);
  });

  it('fails a refinement whose every answer is malformed with a clear error, and refunds it', async () => {
    const alice = await server.signedInClient();
    const structure = await structureOf(alice);
    fake.respond = (chat) =>
      isSubsectionRequest(chat)
        ? { kind: 'json', value: { subsections: [{ heading: 'Intro' }] } }
        : defaultResponder(chat);
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      sections: structure.sections.slice(0, 2),
    });
    const done = await refineFinished(alice, started.body.jobId as string);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^The model returned a malformed structure/);
    expect(done.result).toBeNull();
    expect(done.sections.map((section) => section.status)).toEqual(['failed', 'failed']);
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.99) < 1e-9,
    );
    const entries = await historyOf(alice);
    const refinement = entries.filter((entry) => entry.what.includes('Structure refinement'));
    expect(refinement.filter((entry) => entry.kind === 'charge')).toHaveLength(2);
    expect(refinement.filter((entry) => entry.kind === 'refund')).toHaveLength(2);
  });

  it('keeps the other headings when one answer is malformed; that one is refunded and left as it was', async () => {
    const alice = await server.signedInClient();
    const structure = await structureOf(alice);
    fake.respond = (chat) =>
      headingOf(chat) === 'Methods'
        ? { kind: 'json', value: { subsections: 'none' } }
        : structureAndRefine(TITLES)(chat);
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      sections: structure.sections,
    });
    const done = await refineFinished(alice, started.body.jobId as string);
    expect(done.status).toBe('completed');
    const result = done.result!;
    expect(result.refinedSections.map((s) => [s.sectionTitle, s.status])).toEqual([
      ['Introduction', 'completed'],
      ['Methods', 'failed'],
      ['Results', 'completed'],
      ['Discussion', 'completed'],
    ]);
    expect(result.sections).toHaveLength(13);
    // Structure + three refined headings.
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.96) < 1e-9,
    );
  });

  it('refuses before any work when the balance is not above the price', async () => {
    const carol = await server.signedInClient();
    const response = await carol.post('/api/refine-structure', {
      ...TOPIC,
      selectedModel: 'openai:fake-large',
      sections: [{ level: 2, title: 'Introduction' }],
    });
    expect(response).toMatchObject({
      status: 402,
      body: {
        error:
          'Insufficient balance. Your balance ($1.00) must be above the cost per section for this model ($1.00). Please add funds to continue.',
      },
    });
    expect(await jobsOf(carol)).toEqual([]);
  });

  it('Discard of the draft cancels its running refinement and refunds the section in progress', async () => {
    const alice = await server.signedInClient();
    fake.respond = (chat) =>
      headingOf(chat) === 'Introduction'
        ? { kind: 'json', value: {}, after: new Promise<void>(() => undefined) }
        : structureAndRefine(TITLES)(chat);
    const draft = await alice.post('/api/papers/temp', { type: 'scientific', ...TOPIC });
    const paperId = draft.body.id as string;
    const structure = await structureOf(alice, { paperId });
    const before = fake.chats.length;
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      paperId,
      structureJobId: structure.jobId,
      sections: structure.sections,
    });
    const introduction = await eventually(
      async () => fake.chats.slice(before).find((chat) => headingOf(chat) === 'Introduction'),
      (chat) => chat !== undefined,
    );
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.98) < 1e-9,
    );
    const cancelled = await alice.post(`/api/papers/${paperId}/cancel`, {
      structureJobId: structure.jobId,
    });
    expect(cancelled.status).toBe(200);
    expect((await alice.get(`/api/refine-structure/status/${started.body.jobId}`)).status).toBe(
      404,
    );
    await eventually(
      () => balanceOf(alice),
      (balance) => Math.abs(balance - 0.99) < 1e-9,
    );
    expect(await jobsOf(alice)).toEqual([]);
    await eventually(
      async () => introduction!.closedEarly,
      (closed) => closed,
    );
  });
});

describe.each(kinds)('structure refinement without a model on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { AI_RATE_LIMIT_PER_MINUTE: '3' });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  });
  afterAll(() => server.close());

  it('counts refinements in the per-user AI rate limit', async () => {
    const dave = await server.signedInClient();
    for (let i = 0; i < 3; i += 1) {
      expect((await dave.post('/api/refine-structure', { ...TOPIC, sections: [] })).status).toBe(
        400,
      );
    }
    const refused = await dave.post('/api/refine-structure', { ...TOPIC, sections: [] });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many AI requests \(at most 3 a minute\)/);
  });

  it('gives an offline subsection whose own search finds nothing on the topic its heading’s works', async () => {
    const alice = await server.signedInClient();
    const structure = await structureOf(alice);
    const works = structure.sections[0]!.works.map((work) => ({ refId: work.refId }));
    expect(works.length).toBeGreaterThan(0);
    // The subsections' titles ('… Information Sources and Search Strategy') lead their own
    // searches to works about searching, none of them on open access and citations.
    const title = 'Open access citation review';
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      title,
      description: 'What is known about the open access citation advantage',
      paperType: 'literature_review',
      sections: [
        {
          level: 3,
          title: 'Information Sources and Search Strategy',
          purpose: `Name the databases and queries used for ${title}.`,
          works,
        },
      ],
    });
    expect(started.status).toBe(202);
    const done = await refineFinished(alice, started.body.jobId as string);
    expect(done.status).toBe('completed');
    const [refined] = done.result!.refinedSections;
    expect(refined!.subsections).toHaveLength(3);
    for (const subsection of refined!.subsections) {
      expect(subsection.works.length, subsection.title).toBeGreaterThan(0);
    }
    const inherited = works.slice(0, 3).map((work) => work.refId);
    expect(
      refined!.subsections.some(
        (subsection) =>
          JSON.stringify(subsection.works.map((work) => work.refId)) === JSON.stringify(inherited),
      ),
    ).toBe(true);
  });

  it('expands the template by each heading’s role with literature found per subsection, free', async () => {
    const alice = await server.signedInClient();
    const draft = await alice.post('/api/papers/temp', { type: 'scientific', ...TOPIC });
    const paperId = draft.body.id as string;
    const structure = await structureOf(alice, { paperId });
    const started = await alice.post('/api/refine-structure', {
      ...TOPIC,
      paperId,
      structureJobId: structure.jobId,
      content: structure.markdown,
    });
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    const done: RefineStatus = await refineFinished(alice, jobId);
    expect(done.status).toBe('completed');
    const result = (await alice.get(`/api/refine-structure/result/${jobId}`))
      .body as unknown as RefineResultBody;
    expect(result.template).toBe(true);
    // Seven template headings, each with three subsections: 28 headings.
    expect(result.sections).toHaveLength(structure.sections.length * 4);
    const methods = result.sections.findIndex((section) => section.title === 'Methods');
    expect(result.sections.slice(methods, methods + 4).map((s) => [s.level, s.title])).toEqual([
      [2, 'Methods'],
      [3, 'Study Design'],
      [3, 'Data and Materials'],
      [3, 'Analysis Procedure'],
    ]);
    expect(result.content).toContain(
      '### Background and Related Work\n\n#### Foundations of Background and Related Work',
    );
    const stored = new Set(
      (await server.context.database.db.select({ refId: works.refId }).from(works)).map(
        (row) => row.refId,
      ),
    );
    const subsections = result.refinedSections.flatMap((section) => section.subsections);
    expect(subsections.filter((subsection) => !subsection.purpose.includes(TOPIC.title))).toEqual(
      [],
    );
    const attached = subsections.flatMap((subsection) => subsection.works);
    expect(attached.length).toBeGreaterThan(0);
    for (const work of attached) expect(stored.has(work.refId)).toBe(true);
    for (const subsection of subsections) expect(subsection.works.length).toBeLessThanOrEqual(5);
    expect((await historyOf(alice)).filter((entry) => entry.kind !== 'grant')).toEqual([]);
    expect((await alice.get(`/api/structure?jobId=${structure.jobId}`)).body).toMatchObject({
      status: 'refining',
      refineJobId: jobId,
    });
  });
});
