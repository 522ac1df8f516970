import { describe, expect, it } from 'vitest';
import { splitSections } from '../../shared/document/sections';
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
const DOCUMENT = [
  '# Study',
  ...TITLES.flatMap((title) => [`## ${title}`, `The original ${title} text.`]),
].join('\n\n');
const rewritten = (title: string) => `The rewritten ${title} text.`;

describe.each(kinds)('a Rewrite Paper job survives kill -9 on %s', { timeout: 240_000 }, (kind) => {
  const cleanups = cleanupsAfterEach();

  it('resumes at the section it was rewriting and charges each section once', async () => {
    const { fake, client, crashAndRestart } = await startCrashScene(kind, cleanups, {
      email: 'rewriter@example.org',
      respond: sectionWriter(rewritten, 'Methods'),
    });
    const paper = await client.post('/api/papers', {
      title: 'Study',
      type: 'scientific',
      content: DOCUMENT,
    });
    const sections = splitSections(DOCUMENT).flatMap((part, sectionIndex) =>
      part.sectionNumber
        ? [{ sectionIndex, sectionNumber: part.sectionNumber, sectionTitle: part.sectionTitle }]
        : [],
    );
    const started = await client.post('/api/paper-rewrite/start', {
      paperId: paper.body.id,
      sections,
      tasks: sections.map((section) => ({
        sectionIndex: section.sectionIndex,
        type: 'rewrite_enrich',
      })),
    });
    expect(started.status).toBe(200);
    const paperId = paper.body.id as string;
    // Section 3 of 6 (Methods) is mid-call when the process dies.
    await waitFor(
      async () => fake.chats.some((chat) => sectionBeingWritten(chat) === 'Methods'),
      (seen) => seen,
    );
    await crashAndRestart(sectionWriter(rewritten));

    await waitFor(
      async () =>
        (await client.get(`/api/paper-rewrite/status/${paperId}`)).body.processing_status as string,
      (status) => status === 'completed' || status.startsWith('error:'),
    );
    expect((await client.get(`/api/paper-rewrite/status/${paperId}`)).body.processing_status).toBe(
      'completed',
    );
    const result = (await client.get(`/api/paper-rewrite/sections/${paperId}`)).body as unknown as {
      sections: { section_title: string; status: string; content: string }[];
    };
    expect(result.sections.map((section) => section.status)).toEqual(TITLES.map(() => 'completed'));
    expect(result.sections.map((section) => section.content)).toEqual(TITLES.map(rewritten));
    const asked = (title: string) =>
      fake.chats.filter((chat) => sectionBeingWritten(chat) === title);
    expect(TITLES.map((title) => asked(title).length)).toEqual([1, 1, 2, 1, 1, 1]);

    const entries = await billingEntries(client);
    // Each finished section is paid once; on PGlite the interrupted section's hold is refunded
    // at start-up and charged again by the resumed run (hold-sweeper.ts).
    const count = (entry: string) => entries.filter((candidate) => candidate.kind === entry).length;
    expect(count('charge') - count('refund')).toBe(6);
    expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.4, 6);
  });
});
