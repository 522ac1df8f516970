import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitSections } from '../../../../shared/document';
import {
  defaultResponder,
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
  'An introduction nobody rewrites.',
  '## Methods',
  'We compare citation counts of open and closed articles.',
  '## References',
  '[xref_abc12345] Smith, J. (2020). A work.',
].join('\n\n');
const TYPED = 'A sentence the author typed while the AI wrote.';

function sectionOf(request: ChatRequest): string | undefined {
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

function bodyOf(markdown: string, title: string): string | undefined {
  return splitSections(markdown).find((section) => section.sectionTitle === title)?.contentMarkdown;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached in 60 s');
}

describe.each(kinds)('saving the AI Writing Process beside typing on %s', (kind) => {
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
    ]));
  });
  afterAll(() => close());

  /** The model holds its Methods text until `release` is called. */
  function holdingWriter(): () => void {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.respond = (request): FakeAnswer => {
      const title = sectionOf(request);
      if (!title || request.body.response_format) return defaultResponder(request);
      return {
        kind: 'text',
        chunks: [`The AI's ${title} text.`],
        ...(title === 'Methods' ? { firstChunkAfter: released } : {}),
      };
    };
    return release;
  }

  const status = async (client: TestClient, jobId: string) =>
    (await client.get(`/api/scaffolded-writing/status/${jobId}`)).body as unknown as {
      status: string;
      sections: { sectionTitle: string; status: string }[];
    };

  function start(client: TestClient, paperId: string, titles: string[]) {
    const sections = splitSections(DOCUMENT);
    return client.post('/api/scaffolded-writing/start', {
      paperId,
      paperType: 'scientific',
      sections: titles.map((title) => {
        const sectionIndex = sections.findIndex((section) => section.sectionTitle === title);
        const section = sections[sectionIndex];
        return {
          sectionIndex,
          sectionNumber: section?.sectionNumber,
          sectionTitle: title,
          sectionLevel: section?.sectionLevel,
          customInstructions: null,
        };
      }),
      selectedModel: 'openai:fake-small',
      selectedLanguage: 'en',
      references: [],
      filters: ALL_TYPES_FILTERS,
      reasoning: '',
    });
  }

  it('keeps a sentence typed into the section while the job wrote it, beside the AI text', async () => {
    const release = holdingWriter();
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const started = await start(alice, paperId, ['Methods']);
    expect(started.status).toBe(200);
    const jobId = started.body.jobId as string;
    await waitFor(
      () => status(alice, jobId),
      (job) => job.sections[0]?.status === 'writing',
    );

    // Through the live document (PUT applies its content as the smallest change), the author
    // types a sentence into the section being written and edits another section.
    const paper = (await alice.get(`/api/papers/${paperId}`)).body;
    const typed = DOCUMENT.replace(
      'open and closed articles.',
      `open and closed articles.\n\n${TYPED}`,
    ).replace('nobody rewrites.', 'nobody rewrites, edited.');
    expect((await alice.put(`/api/papers/${paperId}`, { ...paper, content: typed })).status).toBe(
      200,
    );

    release();
    await waitFor(
      () => status(alice, jobId),
      (job) => job.status === 'completed',
    );
    const saved = await alice.post(`/api/scaffolded-writing/save/${jobId}`, {});
    expect(saved.status).toBe(200);
    expect(saved.body.sections).toEqual([
      expect.objectContaining({ sectionTitle: 'Methods', status: 'merged', keptEdits: 1 }),
    ]);

    const content = (await alice.get(`/api/papers/${paperId}`)).body.content as string;
    expect(bodyOf(content, 'Methods')).toBe(`The AI's Methods text.\n\n${TYPED}`);
    expect(bodyOf(content, 'Introduction')).toBe('An introduction nobody rewrites, edited.');
    // The finished job is cleared: the modal does not reopen on it.
    expect((await alice.get(`/api/scaffolded-writing/active/${paperId}`)).status).toBe(404);
    // The version the save replaced is in the history, to restore.
    const { history } = (await alice.get(`/api/papers/${paperId}/history`)).body as unknown as {
      history: { content: string; version_comment: string }[];
    };
    expect(history[0]).toMatchObject({
      content: typed,
      version_comment: 'Before saving the AI Writing Process',
    });
  });

  // The reference list cannot be chosen at all (start-writing.ts refuses it); the merge keeps
  // it too, which merge-section.test.ts checks on the document model.
  it('replaces a section nobody touched and leaves the reference list as it was', async () => {
    holdingWriter()();
    const alice = await server.signedInClient('Bob');
    const paperId = await createPaper(alice, DOCUMENT);
    const started = await start(alice, paperId, ['Methods']);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.jobId as string;
    await waitFor(
      () => status(alice, jobId),
      (job) => job.status === 'completed',
    );
    const saved = await alice.post(`/api/scaffolded-writing/save/${jobId}`, {});
    expect(saved.body.sections).toEqual([
      expect.objectContaining({ sectionTitle: 'Methods', keptEdits: 0, keptReferenceList: false }),
    ]);
    const content = (await alice.get(`/api/papers/${paperId}`)).body.content as string;
    expect(bodyOf(content, 'Methods')).toBe("The AI's Methods text.");
    expect(bodyOf(content, 'References')).toContain('[xref_abc12345] Smith, J. (2020). A work.');
  });

  it('refuses to save while the job still writes', async () => {
    const release = holdingWriter();
    const alice = await server.signedInClient('Carol');
    const paperId = await createPaper(alice, DOCUMENT);
    const jobId = (await start(alice, paperId, ['Methods'])).body.jobId as string;
    const refused = await alice.post(`/api/scaffolded-writing/save/${jobId}`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The AI is still writing this paper');
    release();
    await waitFor(
      () => status(alice, jobId),
      (job) => job.status === 'completed',
    );
  });
});
