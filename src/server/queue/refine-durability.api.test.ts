import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../testing/fake-openai-server';
import { testDatabaseKinds } from '../testing/test-databases';
import {
  billingEntries,
  cleanupsAfterEach,
  startCrashScene,
  waitFor,
} from '../testing/crash-restart';
import { ALL_TYPES_FILTERS } from '../routes/api/ai/ai-test-support';
import {
  headingOf,
  structureAndRefine,
  TOPIC,
  type RefineStatus,
} from '../routes/api/refine-structure/refine-test-support';

const kinds = await testDatabaseKinds();

const TITLES = ['Introduction', 'Methods', 'Results', 'Discussion', 'Conclusion'];

describe.each(kinds)('a refinement survives kill -9 on %s', { timeout: 480_000 }, (kind) => {
  const cleanups = cleanupsAfterEach();

  it('resumes at the first unrefined section and charges each section once', async () => {
    const refine = structureAndRefine(TITLES);
    // Results, the third heading, never answers before the crash.
    const { fake, client, crashAndRestart } = await startCrashScene(kind, cleanups, {
      email: 'refiner@example.org',
      respond: (chat: ChatRequest) =>
        headingOf(chat) === 'Results'
          ? { kind: 'json', value: {}, after: new Promise<void>(() => undefined) }
          : refine(chat),
    });
    const sections = TITLES.map((title) => ({ level: 2, title, purpose: `What ${title} does.` }));
    const started = await client.post('/api/refine-structure', {
      ...TOPIC,
      filters: ALL_TYPES_FILTERS,
      sections,
    });
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    await waitFor(
      async () => fake.chats.some((chat) => headingOf(chat) === 'Results'),
      (seen) => seen,
    );
    await crashAndRestart(refine);

    const status = async () =>
      (await client.get(`/api/refine-structure/status/${jobId}`)).body as unknown as RefineStatus;
    const done = await waitFor(status, (job) => job.status === 'completed');
    expect(done.sections.map((section) => section.status)).toEqual(TITLES.map(() => 'completed'));
    const asked = (title: string) => fake.chats.filter((chat) => headingOf(chat) === title);
    expect(asked('Introduction')).toHaveLength(1);
    expect(asked('Methods')).toHaveLength(1);
    expect(asked('Results')).toHaveLength(2);
    expect(asked('Discussion')).toHaveLength(1);
    expect(asked('Conclusion')).toHaveLength(1);
    expect(done.result?.sections).toHaveLength(20);

    const entries = await billingEntries(client);
    // Each section is paid once. On PGlite the hold of the section the crash interrupted is
    // refunded at start-up (hold-sweeper.ts) and the resumed run charges it again.
    const count = (kind: string) => entries.filter((entry) => entry.kind === kind).length;
    expect(count('charge') - count('refund')).toBe(5);
    expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.5, 6);
  });
});
