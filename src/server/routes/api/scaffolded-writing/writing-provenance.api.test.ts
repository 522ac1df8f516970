import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { splitSections } from '../../../../shared/document';
import { documentFragment, yDocToNode } from '../../../../shared/document/live/y-document';
import {
  personProvenance,
  provenanceOf,
  type ProvenanceAttrs,
} from '../../../../shared/document/provenance/provenance';
import { LiveClient } from '../../../collaboration/testing/live-client';
import {
  defaultResponder,
  type ChatRequest,
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
].join('\n\n');
const AI_TEXT = "The AI's Methods text, written by the fake model.";
const TYPED = ' Typed by Alice.';

function sectionOf(request: ChatRequest): string | undefined {
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

/** The characters of the live document by source: text carrying each provenance, joined. */
function attributed(ydoc: Y.Doc): {
  ai: string;
  aiAttrs: ProvenanceAttrs[];
  typed: string;
  none: string;
} {
  const result = { ai: '', aiAttrs: [] as ProvenanceAttrs[], typed: '', none: '' };
  yDocToNode(ydoc).descendants((node) => {
    if (!node.isText) return true;
    const attrs = provenanceOf(node.marks);
    if (attrs?.source === 'ai') {
      result.ai += node.text;
      result.aiAttrs.push(attrs);
    } else if (attrs?.source === 'typed') result.typed += node.text;
    else result.none += node.text;
    return false;
  });
  return result;
}

describe.each(kinds)('provenance of the AI Writing Process on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(kind, [
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake small',
        cost_per_section: 0.1,
        free_tier: true,
      },
    ]));
    fake.respond = (request) => {
      const title = sectionOf(request);
      if (!title || request.body.response_format) return defaultResponder(request);
      return { kind: 'text', chunks: [AI_TEXT] };
    };
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await close();
  });

  function connect(client: TestClient, paperId: string): LiveClient {
    const live = new LiveClient(server.url, paperId, { cookie: client.cookieHeader() });
    clients.push(live);
    return live;
  }

  it('attributes exactly the characters the AI wrote to the feature and its model', async () => {
    const alice = await server.signedInClient('Alice');
    const aliceId = ((await alice.get('/api/me')).body as unknown as { user: { id: string } }).user
      .id;
    const paperId = await createPaper(alice, DOCUMENT);
    const live = connect(alice, paperId);
    await live.synced();

    const sections = splitSections(DOCUMENT);
    const sectionIndex = sections.findIndex((section) => section.sectionTitle === 'Methods');
    const started = await alice.post('/api/scaffolded-writing/start', {
      paperId,
      paperType: 'scientific',
      sections: [
        {
          sectionIndex,
          sectionNumber: sections[sectionIndex]?.sectionNumber,
          sectionTitle: 'Methods',
          sectionLevel: sections[sectionIndex]?.sectionLevel,
          customInstructions: null,
        },
      ],
      selectedModel: 'openai:fake-small',
      selectedLanguage: 'en',
      references: [],
      filters: ALL_TYPES_FILTERS,
      reasoning: '',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.jobId as string;
    await waitFor(
      async () => (await alice.get(`/api/scaffolded-writing/status/${jobId}`)).body.status,
      (status) => status === 'completed',
    );
    const saved = await alice.post(`/api/scaffolded-writing/save/${jobId}`, {});
    expect(saved.status).toBe(200);
    await live.until((markdown) => markdown.includes(AI_TEXT));

    const afterSave = attributed(live.ydoc);
    expect(afterSave.ai).toBe(AI_TEXT);
    expect(afterSave.aiAttrs.every((attrs) => attrs.feature === 'writing-process')).toBe(true);
    expect(afterSave.aiAttrs.every((attrs) => attrs.model === 'openai:fake-small')).toBe(true);
    expect(afterSave.none).not.toContain(AI_TEXT);

    // Alice types at the end of the AI's paragraph as the editor writes it (marked as hers),
    // then an API client edits the introduction and the paper is saved: the AI keeps exactly
    // its characters.
    const methods = documentFragment(live.ydoc).get(4) as Y.XmlElement;
    const text = methods.get(0) as Y.XmlText;
    text.insert(text.length, TYPED, {
      provenance: personProvenance('typed', { id: aliceId, name: 'Alice' }),
    });
    await live.stored();
    const paper = (await alice.get(`/api/papers/${paperId}`)).body;
    const edited = (paper.content as string).replace(
      'nobody rewrites.',
      'nobody rewrites, edited.',
    );
    expect((await alice.put(`/api/papers/${paperId}`, { ...paper, content: edited })).status).toBe(
      200,
    );
    const reread = (await alice.get(`/api/papers/${paperId}`)).body;
    expect((await alice.put(`/api/papers/${paperId}`, { ...reread, live: true })).status).toBe(200);
    await live.until((markdown) => markdown.includes('nobody rewrites, edited.'));

    const later = connect(alice, paperId);
    await later.synced();
    const afterEdits = attributed(later.ydoc);
    expect(afterEdits.ai).toBe(AI_TEXT);
    expect(afterEdits.typed).toBe(TYPED);
  });
});
