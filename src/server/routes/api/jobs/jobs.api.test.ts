import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();

async function waitForStatus(client: TestClient, jobId: string, statuses: string[]) {
  for (let i = 0; i < 600; i += 1) {
    const response = await client.get(`/api/jobs/${jobId}`);
    if (statuses.includes(response.body.status as string)) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} never reached ${statuses.join('/')}`);
}

describe.each(kinds)('job queue on %s', (kind) => {
  let server: TestServer;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await server.signedInClient();
  });
  afterAll(() => server.close());

  it('runs a job to completion and exposes its status and result', async () => {
    const queued = await owner.post('/api/test/jobs/sleep', { ms: 50 });
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ jobType: 'test.sleep', status: 'pending' });
    const done = await waitForStatus(owner, queued.body.jobId as string, ['completed', 'failed']);
    expect(done).toMatchObject({
      status: 'completed',
      result: { sleptMs: 50, attempt: 1 },
      progress: { step: 'sleeping', attempt: 1 },
      attempts: 1,
      error: null,
    });
  });

  it('retries a failing job and completes it', async () => {
    const queued = await owner.post('/api/test/jobs/sleep', { ms: 10, failTimes: 1 });
    const done = await waitForStatus(owner, queued.body.jobId as string, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', attempts: 2, result: { attempt: 2 } });
  });

  it('marks a job failed once its retries are used up', async () => {
    const queued = await owner.post('/api/test/jobs/sleep', { ms: 0, failTimes: 10 });
    const done = await waitForStatus(owner, queued.body.jobId as string, ['completed', 'failed']);
    expect(done).toMatchObject({
      status: 'failed',
      attempts: 4,
      error: 'Planned failure on attempt 4',
    });
  });

  it('lists a user’s jobs and hides them from others', async () => {
    const queued = await owner.post('/api/test/jobs/sleep', { ms: 0 });
    const jobId = queued.body.jobId as string;
    const list = await owner.get('/api/jobs');
    expect((list.body.jobs as { jobId: string }[]).map((job) => job.jobId)).toContain(jobId);

    const stranger = await server.signedInClient();
    expect((await stranger.get(`/api/jobs/${jobId}`)).status).toBe(404);
    expect((await stranger.post(`/api/jobs/${jobId}/cancel`)).status).toBe(404);
    expect((await stranger.get('/api/jobs')).body).toEqual({ jobs: [] });
  });

  it('cancels a running job and discards its result', async () => {
    const queued = await owner.post('/api/test/jobs/sleep', { ms: 1500 });
    const jobId = queued.body.jobId as string;
    await waitForStatus(owner, jobId, ['processing']);
    expect((await owner.post(`/api/jobs/${jobId}/cancel`)).body).toEqual({ success: true });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await owner.get(`/api/jobs/${jobId}`);
    expect(after.body).toMatchObject({ status: 'cancelled', result: null });
  });

  it('keeps a cancelled job cancelled when its run then fails: no retry, no second run', async () => {
    const queued = await owner.post('/api/test/jobs/sleep', { ms: 1500, failTimes: 10 });
    const jobId = queued.body.jobId as string;
    await waitForStatus(owner, jobId, ['processing']);
    expect((await owner.post(`/api/jobs/${jobId}/cancel`)).body).toEqual({ success: true });
    // Long enough for the failed run to end and a retry (1 s later) to have started.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const after = await owner.get(`/api/jobs/${jobId}`);
    expect(after.body).toMatchObject({ status: 'cancelled', attempts: 1, result: null });
  });

  it('rejects invalid job input with a 400', async () => {
    const response = await owner.post('/api/test/jobs/sleep', { ms: -5 });
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('error');
  });
});
