import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../testing/test-databases';
import {
  billingEntries,
  cleanupsAfterEach,
  sectionBeingWritten,
  sectionWriter,
  startCrashScene,
  waitFor,
} from '../testing/crash-restart';

const kinds = await testDatabaseKinds();

const TITLES = ['Introduction', 'Background', 'Methods', 'Results', 'Discussion', 'Conclusion'];
const DOCUMENT = ['# Study', ...TITLES.map((title) => `## ${title}`)].join('\n\n');
// Index 0 is the level-1 title heading, so section n is at index n.
const SECTIONS = TITLES.map((title, index) => ({
  sectionIndex: index + 1,
  sectionNumber: String(index + 1),
  sectionTitle: title,
  sectionLevel: 2,
}));
/** Methods, Results, Background, Discussion, Conclusion, Introduction. */
const SEQUENCE = [3, 4, 2, 5, 6, 1];
const written = (title: string) => `The ${title} text.`;

describe.each(kinds)('a writing job survives kill -9 on %s', { timeout: 480_000 }, (kind) => {
  const cleanups = cleanupsAfterEach();

  it('resumes at the section it was writing and charges each section once', async () => {
    // Section 3 of 6 in writing order (Background) is mid-call when the process dies.
    const { fake, client, crashAndRestart } = await startCrashScene(kind, cleanups, {
      email: 'writer@example.org',
      respond: sectionWriter(written, 'Background'),
    });
    const paper = await client.post('/api/papers', {
      title: 'Study',
      type: 'scientific',
      content: DOCUMENT,
    });
    const started = await client.post('/api/scaffolded-writing/start', {
      paperId: paper.body.id,
      sequence: SEQUENCE,
      sections: SECTIONS,
    });
    expect(started.status).toBe(200);
    const jobId = started.body.jobId as string;
    const status = async () =>
      (await client.get(`/api/scaffolded-writing/status/${jobId}`)).body as unknown as {
        status: string;
        sections: { sectionTitle: string; status: string }[];
      };
    await waitFor(
      async () => fake.chats.some((chat) => sectionBeingWritten(chat) === 'Background'),
      (seen) => seen,
    );
    const before = await status();
    expect(before.sections.map((section) => section.status)).toEqual([
      'completed',
      'completed',
      'writing',
      'pending',
      'pending',
      'pending',
    ]);
    await crashAndRestart(sectionWriter(written));

    const done = await waitFor(status, (job) => job.status === 'completed');
    expect(done.sections.map((section) => section.status)).toEqual(TITLES.map(() => 'completed'));
    const asked = (title: string) =>
      fake.chats.filter((chat) => sectionBeingWritten(chat) === title);
    // The restarted run began at section 3: the two finished ones were not written again.
    expect(asked('Methods')).toHaveLength(1);
    expect(asked('Results')).toHaveLength(1);
    expect(asked('Background')).toHaveLength(2);
    for (const title of ['Discussion', 'Conclusion', 'Introduction']) {
      expect(asked(title)).toHaveLength(1);
    }
    // The restarted run still knew what the sections before it said.
    expect(asked('Background')[1]?.prompt).toContain('The Methods text.');
    expect(asked('Background')[1]?.prompt).toContain('The Results text.');

    const entries = await billingEntries(client);
    // Exactly one charge per finished section. On PGlite the hold of the section the crash
    // interrupted is refunded at start-up (hold-sweeper.ts) and the resumed run charges it
    // again, so the ledger shows that section as charge, refund, charge.
    for (const section of SECTIONS) {
      const ofSection = entries.filter((entry) =>
        entry.what
          .replace(/^Refund: /, '')
          .startsWith(`AI writing of section ${section.sectionNumber} `),
      );
      const count = (kind: string) => ofSection.filter((entry) => entry.kind === kind).length;
      expect(count('charge') - count('refund'), section.sectionTitle).toBe(1);
      const interrupted = section.sectionTitle === 'Background' && kind === 'pglite';
      expect(count('refund'), section.sectionTitle).toBe(interrupted ? 1 : 0);
    }
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.4, 6);
  });
});
