import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitSections } from '../../../../shared/document/sections';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ALL_TYPES_FILTERS, DOCUMENT, MINI_CORPUS, rewriteBody } from '../ai/ai-test-support';
import { TOPIC } from '../refine-structure/refine-test-support';

const kinds = await testDatabaseKinds();

type Who = 'owner' | 'editor' | 'commenter' | 'viewer' | 'removed' | 'stranger';

/**
 * The roles matrix of docs/sharing.md over the routes that call a model on a paper (the
 * other paper routes: sharing.api.test.ts): only who may `edit` runs them (`manage` for the
 * wizard's structure), each at their own cost; a member without the role gets 403, anyone
 * else 404, and a signed-out caller 401. A local fake model answers.
 */
const EDITORS: Who[] = ['owner', 'editor'];

const PARTS = splitSections(DOCUMENT);
const INTRODUCTION = PARTS.findIndex((part) => part.sectionTitle === 'Introduction');
const SECTIONS = [{ sectionNumber: '1', sectionTitle: 'Introduction', sectionLevel: 2 }];

interface AiRoute {
  path: string;
  body: (paperId: string) => unknown;
  allowed: Who[];
}

const ROUTES: AiRoute[] = [
  { path: '/api/rewrite', body: (id) => rewriteBody(id), allowed: EDITORS },
  { path: '/api/refine', body: (id) => rewriteBody(id), allowed: EDITORS },
  {
    path: '/api/scaffolded-writing/sequence',
    body: (paperId) => ({ paperId, paperType: 'scientific', sections: SECTIONS }),
    allowed: EDITORS,
  },
  // The second starter of either job meets the first one's (409: one running job per paper).
  {
    path: '/api/scaffolded-writing/start',
    // A section is named by its index among the paper's sections (splitSections).
    body: (paperId) => ({
      paperId,
      sections: SECTIONS.map((section) => ({ ...section, sectionIndex: INTRODUCTION })),
      sequence: [INTRODUCTION],
    }),
    allowed: EDITORS,
  },
  {
    path: '/api/paper-rewrite/start',
    body: (paperId) => {
      const index = INTRODUCTION;
      const part = PARTS[index];
      return {
        paperId,
        paperType: 'scientific',
        sections: [
          {
            sectionIndex: index,
            sectionNumber: part?.sectionNumber,
            sectionTitle: part?.sectionTitle,
            contentMarkdown: part?.contentMarkdown,
            references: part?.references,
            shouldRewrite: true,
            customInstructions: '',
            enableLiteratureSearch: true,
          },
        ],
        tasks: [{ sectionIndex: index, sectionNumber: '1', type: 'rewrite_enrich' }],
        allReferences: [],
        filters: ALL_TYPES_FILTERS,
      };
    },
    allowed: EDITORS,
  },
  {
    path: '/api/refine-structure',
    body: (paperId) => ({
      ...TOPIC,
      paperId,
      sections: [{ level: 2, title: 'Introduction', purpose: 'Why it matters.' }],
    }),
    allowed: EDITORS,
  },
  // The wizard's structure for a paper changes its properties: the owner's alone.
  {
    path: '/api/structure',
    body: (paperId) => ({ ...TOPIC, paperId }),
    allowed: ['owner'],
  },
];

describe.each(kinds)('AI routes on a shared paper on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let clients: Record<Who, TestClient>;
  let paperId: string;

  const me = async (client: TestClient) =>
    (await client.get('/api/me')).body.user as { id: string; email: string };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    clients = {
      owner: await server.signedInClient('Olivia Owner'),
      editor: await server.signedInClient('Eddie Editor'),
      commenter: await server.signedInClient('Cora Commenter'),
      viewer: await server.signedInClient('Vic Viewer'),
      removed: await server.signedInClient('Rita Removed'),
      stranger: await server.signedInClient('Stan Stranger'),
    };
    const created = await clients.owner.post('/api/papers', {
      title: 'Open access and citations',
      type: 'scientific',
      content: DOCUMENT,
    });
    expect(created.status).toBe(201);
    paperId = created.body.id as string;
    for (const [who, role] of [
      ['editor', 'editor'],
      ['commenter', 'commenter'],
      ['viewer', 'viewer'],
      ['removed', 'editor'],
    ] as const) {
      const added = await clients.owner.post(`/api/papers/${paperId}/members`, {
        email: (await me(clients[who])).email,
        role,
      });
      expect(added.status).toBe(201);
    }
    const { id: removedId } = await me(clients.removed);
    expect((await clients.owner.delete(`/api/papers/${paperId}/members/${removedId}`)).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('lets exactly the roles that may edit (or manage) call a model on the paper', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const route of ROUTES) {
      for (const who of Object.keys(clients) as Who[]) {
        const response = await clients[who].post(route.path, route.body(paperId));
        const allowed = route.allowed.includes(who);
        // A 400 would mean the test's body is wrong, and the policy untried: it fails too.
        const refused = [400, 401, 403, 404].includes(response.status);
        answers.push(
          `${route.path} as ${who}: ${allowed ? (refused ? `refused ${response.status}` : 'allowed') : response.status}`,
        );
        const member = who !== 'removed' && who !== 'stranger';
        expected.push(`${route.path} as ${who}: ${allowed ? 'allowed' : member ? 403 : 404}`);
      }
      const anonymous = await server.client().post(route.path, route.body(paperId));
      answers.push(`${route.path} as anonymous: ${anonymous.status}`);
      expected.push(`${route.path} as anonymous: 401`);
    }
    expect(answers).toEqual(expected);
  });
});
