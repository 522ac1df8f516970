import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_REQUIRED_MESSAGE, NO_PROVIDER_MESSAGE } from '../../../../shared/ai/ai-messages';
import {
  DEFAULT_REWRITE_INSTRUCTION,
  SHORTER_INSTRUCTION,
} from '../../../../shared/ai/rewrite-presets';
import { parseStream, statusData } from '../../../../shared/ai/stream-markers';
import { findCitationMarkers } from '../../../../shared/citations/citation-marker';
import type { CitedWork } from '../../../../shared/citations/work';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { MINI_CORPUS, SECTION_TEXT, createPaper, rewriteBody, streamAll } from './ai-test-support';

const kinds = await testDatabaseKinds();

describe.each(kinds)('AI API without a provider on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, { BILLING: 'off' });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    alice = await server.signedInClient('Alice');
  });
  afterAll(() => server.close());

  it('says that no provider is configured', async () => {
    expect((await alice.get('/api/models/available')).body).toEqual({
      models: [],
      userIsFreeTier: false,
      isAdmin: false,
      aiAvailable: false,
      message: NO_PROVIDER_MESSAGE,
    });
    expect((await alice.get('/api/models/default')).body).toEqual({ model: null });
  });

  it('adds checked citations from retrieved works to the section’s own sentences', async () => {
    const paperId = await createPaper(alice);
    const { status, text } = await streamAll(
      alice,
      '/api/rewrite',
      rewriteBody(paperId, { taskExplanation: DEFAULT_REWRITE_INSTRUCTION }),
    );
    expect(status).toBe(200);
    const parsed = parseStream(text);
    expect(parsed.finished).toBe(true);
    expect(parsed.part).toBe('content');
    const markers = findCitationMarkers(parsed.text);
    expect(markers.length).toBeGreaterThan(0);
    // Nothing is reworded: without the citations the text is the section as written.
    let plain = parsed.text;
    for (const marker of markers.reverse()) {
      plain = plain.slice(0, marker.index - 1) + plain.slice(marker.index + marker.text.length);
    }
    expect(plain).toBe(SECTION_TEXT);
    const cited = parsed.statuses
      .map((status) => statusData(status, 'citations'))
      .find(Boolean) as CitedWork[];
    expect(cited.map((work) => work.refId).sort()).toEqual(
      [...new Set(markers.flatMap((marker) => marker.refIds))].sort(),
    );
    for (const work of cited) {
      // The section's sentences are stated by the mini corpus's abstracts.
      expect(work.certainty).toBeGreaterThan(0.5);
      expect(work.reasoning).toMatch(/^Offline check \(no AI model\)/);
      expect(work.abstract).toContain(work.evidence);
    }
    // The works join the paper when the user accepts the text (the client saves them).
    expect((await alice.get(`/api/papers/${paperId}`)).body.citations).toEqual([]);
  });

  it('makes a section shorter by extraction', async () => {
    const paperId = await createPaper(alice);
    const { text } = await streamAll(
      alice,
      '/api/rewrite',
      rewriteBody(paperId, { taskExplanation: `Be brief.\n\n${SHORTER_INSTRUCTION}` }),
    );
    const parsed = parseStream(text);
    expect(parsed.finished).toBe(true);
    expect(parsed.text.length).toBeLessThan(SECTION_TEXT.length);
    expect(SECTION_TEXT).toContain(parsed.text.split('. ')[0] as string);
  });

  async function anyWorkId(): Promise<string> {
    const results = (await alice.post('/api/search', { q: 'sleep', documentTypes: ['preprint'] }))
      .body.results as { refId: string }[];
    return results[0]?.refId as string;
  }

  it('says in one sentence that the other actions need a model', async () => {
    const paperId = await createPaper(alice);
    for (const [route, body] of [
      ['/api/rewrite', rewriteBody(paperId, { action: 'longer' })],
      ['/api/refine', rewriteBody(paperId)],
      ['/api/summarize-elaborate', { doi: await anyWorkId(), paperId }],
    ] as const) {
      const response = await alice.post(route, body);
      expect(response).toMatchObject({ status: 503, body: { error: MODEL_REQUIRED_MESSAGE } });
    }
  });

  it('checks citations lexically', async () => {
    const [work] = (
      await alice.post('/api/search', { q: 'snoring sleep apnea', documentTypes: ['preprint'] })
    ).body.results as { refId: string }[];
    const content = `## Results\n\nSnoring sounds indicate obstructive sleep apnea [${work?.refId}].`;
    const paperId = await createPaper(alice, content);
    const response = await alice.post('/api/chunk-analysis', { text: content, paperId });
    const checks = response.body.checks as { certainty: number }[];
    expect(checks).toEqual([expect.objectContaining({ refId: work?.refId, method: 'lexical' })]);
    expect(checks[0]?.certainty).toBeGreaterThan(0.5);
  });
});
