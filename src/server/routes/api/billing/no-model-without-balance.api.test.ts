import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatJobStatus } from '../../../../shared/chat/chat';
import {
  MODEL_SEQUENCE_MAX_SECTIONS,
  MODEL_SEQUENCE_TITLE_CHARS,
} from '../../../ai/writing/propose-sequence';
import { credit } from '../../../billing/ledger';
import { ledgerOptions } from '../../../billing/ledger-options';
import type { FakeOpenAiServer } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import type { TestServer } from '../../../testing/test-server';
import {
  ALL_TYPES_FILTERS,
  createPaper,
  DOCUMENT,
  rewriteBody,
  startModelServer,
} from '../ai/ai-test-support';
import { SCORES_CSV, uploadDataFile, userIdOf } from '../data-analysis/analysis-test-support';

const kinds = await testDatabaseKinds();

const SEARCH = {
  includeText: '',
  excludeText: '',
  yearStart: 1990,
  yearEnd: new Date().getFullYear(),
  minCitations: 0,
  documentTypes: ALL_TYPES_FILTERS.documentTypes,
};
const QUESTION =
  'Are articles that are freely available on the web cited more often than articles behind a paywall?';

const SECTIONS = [
  { sectionIndex: 1, sectionNumber: '1', sectionTitle: 'Introduction', sectionLevel: 2 },
  { sectionIndex: 2, sectionNumber: '2', sectionTitle: 'Methods', sectionLevel: 2 },
];

/** The longest outline the model is asked to order, with titles of 2,000 characters (the probe's). */
const longOutline = () =>
  Array.from({ length: MODEL_SEQUENCE_MAX_SECTIONS }, (_, index) => ({
    sectionNumber: String(index + 1),
    sectionTitle: 'T'.repeat(2000),
    sectionLevel: 2,
  }));

/**
 * Issue 31.6: every route that calls (or queues) model work, for a user whose balance is not
 * above the model's price. Each answers 402 and the model hears nothing.
 */
function modelRoutes(paperId: string, fileId: string): [string, Record<string, unknown>][] {
  return [
    ['/api/chat/v2', { question: QUESTION, createNewConversation: true, searchResults: SEARCH }],
    ['/api/chatTopics', { conversation: QUESTION }],
    ['/api/rewrite', rewriteBody(paperId)],
    ['/api/refine', rewriteBody(paperId)],
    ['/api/summarize-elaborate', { paperId, doi: '10.1016/j.ipm.2005.03.010' }],
    [
      '/api/scaffolded-writing/sequence',
      {
        paperId,
        sections: longOutline(),
      },
    ],
    ['/api/scaffolded-writing/start', { paperId, sections: SECTIONS }],
    [
      '/api/paper-rewrite/start',
      { paperId, sections: SECTIONS, tasks: [{ sectionIndex: 1, type: 'rewrite_enrich' }] },
    ],
    [
      '/api/structure',
      {
        title: 'Open access and citations',
        description: 'Whether free availability raises citations.',
        methodology: 'Bibliometric comparison',
        field: 'Information science',
        paperType: 'scientific',
      },
    ],
    ['/api/refine-structure', { paperId, content: DOCUMENT }],
    ['/api/data-analysis', { jobId: 'conversation-1', fileId, question: 'Compare the groups.' }],
  ];
}

async function balanceOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user/balance')).body.balance as number;
}

describe.each(kinds)('no model call without the balance on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The starting credit is $1.00: not above this model's $1.00 per section.
    ({ fake, server, close } = await startModelServer(kind, [
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake dollar',
        cost_per_section: 1,
        free_tier: true,
      },
    ]));
  });
  afterAll(() => close());

  it('answers 402 on every model route and calls no model', async () => {
    const carol = await server.signedInClient();
    const paperId = await createPaper(carol);
    const upload = await uploadDataFile(
      carol,
      'scores.csv',
      SCORES_CSV,
      (await userIdOf(carol)).id,
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const fileId = String(upload.body.fileId);
    const before = fake.chats.length;
    for (const [route, body] of modelRoutes(paperId, fileId)) {
      const response = await carol.post(route, body);
      expect([route, response.status, response.body.error]).toEqual([
        route,
        402,
        'Insufficient balance. Your balance ($1.00) must be above the cost per section for this model ($1.00). Please add funds to continue.',
      ]);
    }
    // Give any queued work the time to reach the model before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(fake.chats.slice(before)).toEqual([]);
    expect(await balanceOf(carol)).toBe(1);
  });

  it('holds the price before the intent: of 20 parallel messages paid for three, the others call nothing', async () => {
    const dave = await server.signedInClient();
    // $1.00 + $2.50: three messages at $1.00 keep the balance above the price, a fourth not.
    await credit(
      server.context.database.db,
      {
        userId: (await userIdOf(dave)).id,
        kind: 'top_up',
        amountMicros: 2_500_000,
        what: 'Top up',
        idempotencyKey: `top-up-parallel-${kind}`,
      },
      ledgerOptions(server.context.config),
    );
    const before = fake.chats.length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        dave.post('/api/chat/v2', {
          question: `${QUESTION} (${index})`,
          createNewConversation: true,
          searchResults: SEARCH,
        }),
      ),
    );
    const accepted = responses.filter((response) => response.status === 200);
    expect(accepted).toHaveLength(3);
    expect(responses.filter((response) => response.status === 402)).toHaveLength(17);
    for (const response of accepted) {
      const { jobId } = response.body as unknown as { jobId: string };
      for (let i = 0; i < 400; i += 1) {
        const status = (await dave.get(`/api/chat/v2?jobId=${jobId}`))
          .body as unknown as ChatJobStatus;
        if (!['pending', 'processing', 'streaming'].includes(status.status)) {
          expect(status.status).toBe('completed');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // One intent call per accepted message, none for a refused one.
    const intents = fake.chats
      .slice(before)
      .filter(
        (chat) => 'intent' in (chat.body.response_format?.json_schema?.schema?.properties ?? {}),
      );
    expect(intents).toHaveLength(3);
    expect(await balanceOf(dave)).toBe(0.5);
  });

  it('bounds the sequence prompt: titles cut, a longer outline ordered by the rules', async () => {
    const erin = await server.signedInClient();
    await credit(
      server.context.database.db,
      {
        userId: (await userIdOf(erin)).id,
        kind: 'top_up',
        amountMicros: 5_000_000,
        what: 'Top up',
        idempotencyKey: `top-up-sequence-${kind}`,
      },
      ledgerOptions(server.context.config),
    );
    const paperId = await createPaper(erin);
    const before = fake.chats.length;
    const ordered = await erin.post('/api/scaffolded-writing/sequence', {
      paperId,
      sections: longOutline(),
    });
    expect(ordered.status).toBe(200);
    const [asked, ...more] = fake.chats.slice(before);
    expect(more).toEqual([]);
    expect(asked!.prompt).toContain(`id 1: 1 ${'T'.repeat(MODEL_SEQUENCE_TITLE_CHARS)}\n`);
    expect(asked!.prompt).not.toContain('T'.repeat(MODEL_SEQUENCE_TITLE_CHARS + 1));

    const longer = [
      ...longOutline(),
      { sectionNumber: 'x', sectionTitle: 'One more', sectionLevel: 2 },
    ];
    const rules = await erin.post('/api/scaffolded-writing/sequence', {
      paperId,
      sections: longer,
    });
    expect(rules.body).toMatchObject({ source: 'rules' });
    expect(fake.chats.length).toBe(before + 1);
  });
});
