import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();

function bibtexFile(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `@article{entry${i},\n  title = {Sleep and memory, study ${i}},\n` +
      `  author = {Doe, Jane and Roe, Richard},\n  journal = {Journal of Tests},\n` +
      `  year = {${1990 + (i % 30)}}, volume = {${i}}\n}`,
  ).join('\n');
}

function cslJsonFile(count: number): string {
  const items = Array.from({ length: count }, (_, i) => ({
    id: `item${i}`,
    type: 'article-journal',
    title: `Circadian rhythm, study ${i}`,
    author: [{ family: 'Roe', given: 'Richard' }],
    'container-title': 'Journal of Tests',
    issued: { 'date-parts': [[1990 + (i % 30)]] },
  }));
  return JSON.stringify(items, null, 2);
}

interface Observation {
  health: number;
  status: string;
  done: number | null;
}

describe.each(kinds)('large reference imports on %s', { timeout: 600_000 }, (kind) => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    client = await server.signedInClient('Importer');
  });
  afterAll(() => server.close());

  /**
   * Follows the import job to its end, asking /api/health before every look at the job. The
   * server runs in this process, so a health answer that arrives while the job is still midway
   * (and the job then moves on) shows the import left the event loop free.
   */
  async function followImport(jobId: string) {
    const observations: Observation[] = [];
    for (;;) {
      const health = await client.get('/api/health');
      const job = await client.get(`/api/jobs/${jobId}`);
      const progress = job.body.progress as { done?: number } | null;
      observations.push({
        health: health.status,
        status: job.body.status as string,
        done: progress?.done ?? null,
      });
      if (['completed', 'failed', 'cancelled'].includes(job.body.status as string)) {
        return { job: job.body, observations };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function importLarge(format: 'bibtex' | 'csl-json', text: string, count: number) {
    const paper = (await client.post('/api/papers', { title: `Big ${format}`, type: 'essay' }))
      .body;
    const started = await client.post(`/api/papers/${paper.id}/references/import`, {
      format,
      text,
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ entries: count, job: { jobType: 'references.import' } });
    const { job, observations } = await followImport((started.body.job as { jobId: string }).jobId);
    expect(job).toMatchObject({
      status: 'completed',
      result: { importedCount: count, errors: [], moreErrors: 0 },
    });
    expect(observations.every((seen) => seen.health === 200)).toBe(true);
    // Health answered between two progress steps of the same run.
    const midway = observations.filter(
      (seen) => seen.status === 'processing' && seen.done !== null && seen.done < count,
    );
    expect(new Set(midway.map((seen) => seen.done)).size).toBeGreaterThanOrEqual(2);

    const stored = (await client.get(`/api/papers/${paper.id}`)).body;
    expect((stored.citations as unknown[]).length).toBe(count);
    return paper.id as string;
  }

  it('imports 20,000 BibTeX entries in the background while the server keeps answering', async () => {
    await importLarge('bibtex', bibtexFile(20_000), 20_000);
    const search = await client.post('/api/search', { q: 'sleep memory study 19999', n: 5 });
    expect((search.body.results as { title: string }[])[0]?.title).toBe(
      'Sleep and memory, study 19999',
    );
  });

  it('imports 20,000 CSL-JSON items the same way', async () => {
    const paperId = await importLarge('csl-json', cslJsonFile(20_000), 20_000);
    const exported = await client.get(`/api/papers/${paperId}/references/export?format=csl-json`);
    expect((exported.body as unknown[]).length).toBe(20_000);
  });

  it('refuses more entries than one request may carry, saying what to do', async () => {
    const paper = (await client.post('/api/papers', { title: 'Too big', type: 'essay' })).body;
    const response = await client.post(`/api/papers/${paper.id}/references/import`, {
      format: 'csl-json',
      text: cslJsonFile(25_001),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error:
        'This file has 25,001 references; at most 25,000 can be imported at a time. ' +
        'Split the file and import the parts one after another.',
    });
    expect((await client.get(`/api/papers/${paper.id}`)).body.citations).toEqual([]);
  });

  it('still answers a small import at once', async () => {
    const paper = (await client.post('/api/papers', { title: 'Small', type: 'essay' })).body;
    const response = await client.post(`/api/papers/${paper.id}/references/import`, {
      format: 'bibtex',
      text: bibtexFile(3),
    });
    expect(response.status).toBe(200);
    expect((response.body.imported as unknown[]).length).toBe(3);
  });
});
