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
  '## Methods',
  'We compare citation counts of open and closed articles.',
].join('\n\n');
const TYPED = 'A sentence the author typed during the rewrite.';

function sectionOf(request: ChatRequest): string | undefined {
  if (request.body.response_format) return undefined;
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached in 60 s');
}

describe.each(kinds)('saving Rewrite Paper beside typing on %s', (kind) => {
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

  const statusText = async (client: TestClient, paperId: string) =>
    (await client.get(`/api/paper-rewrite/status/${paperId}`)).body.processing_status as string;

  it('keeps a sentence typed into the section while it was rewritten', async () => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.respond = (request): FakeAnswer =>
      sectionOf(request)
        ? { kind: 'text', chunks: ['The rewritten Methods.'], firstChunkAfter: released }
        : defaultResponder(request);
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice, DOCUMENT);
    const methods = splitSections(DOCUMENT)[1];
    const section = {
      sectionIndex: 1,
      sectionNumber: methods?.sectionNumber,
      sectionTitle: 'Methods',
      contentMarkdown: methods?.contentMarkdown,
      references: [],
      shouldRewrite: true,
      customInstructions: '',
      enableLiteratureSearch: true,
    };
    const started = await alice.post('/api/paper-rewrite/start', {
      paperId,
      paperType: 'scientific',
      sections: [section],
      tasks: [
        {
          sectionIndex: 1,
          sectionNumber: section.sectionNumber,
          type: 'rewrite_enrich',
          customInstructions: '',
          enableLiteratureSearch: true,
        },
      ],
      allReferences: [],
      filters: ALL_TYPES_FILTERS,
      selectedModel: 'openai:fake-small',
    });
    expect(started.status).toBe(200);

    const paper = (await alice.get(`/api/papers/${paperId}`)).body;
    const typed = `${DOCUMENT}\n\n${TYPED}`;
    expect((await alice.put(`/api/papers/${paperId}`, { ...paper, content: typed })).status).toBe(
      200,
    );
    release();
    await waitFor(
      () => statusText(alice, paperId),
      (text) => text === 'completed' || text.startsWith('error:'),
    );
    const saved = await alice.post(`/api/paper-rewrite/save/${paperId}`, {});
    expect(saved.status).toBe(200);
    expect(saved.body.sections).toEqual([
      expect.objectContaining({ sectionTitle: 'Methods', status: 'merged', keptEdits: 1 }),
    ]);
    const content = (await alice.get(`/api/papers/${paperId}`)).body.content as string;
    expect(splitSections(content)[1]?.contentMarkdown).toBe(`The rewritten Methods.\n\n${TYPED}`);
    expect(await statusText(alice, paperId)).toBe('');
  });
});
