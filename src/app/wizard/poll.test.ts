import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { PollAbortedError, PollTimeoutError, pollUntil } from './poll';

const noWait = () => Promise.resolve();

describe('pollUntil', () => {
  it('reads until the job is done and reports every answer', async () => {
    const answers = ['pending', 'processing', 'completed'];
    const seen: string[] = [];
    const result = await pollUntil({
      read: () => Promise.resolve(answers.shift() ?? 'never'),
      done: (status) => status === 'completed',
      intervalMs: 3000,
      maxTries: 600,
      signal: new AbortController().signal,
      onUpdate: (status) => seen.push(status),
      wait: noWait,
    });
    expect(result).toBe('completed');
    expect(seen).toEqual(['pending', 'processing', 'completed']);
  });

  it('gives up after the last try, counting failed reads as tries', async () => {
    let reads = 0;
    const poll = pollUntil({
      read: () => {
        reads += 1;
        return reads % 2 === 0
          ? Promise.reject(new Error('offline'))
          : Promise.resolve('processing');
      },
      done: () => false,
      intervalMs: 3000,
      maxTries: 600,
      signal: new AbortController().signal,
      wait: noWait,
    });
    await expect(poll).rejects.toBeInstanceOf(PollTimeoutError);
    expect(reads).toBe(600);
  });

  it('stops at once for a job that is gone (404) and when aborted', async () => {
    await expect(
      pollUntil({
        read: () => Promise.reject(new ApiError(404, 'Job not found')),
        done: () => false,
        intervalMs: 1,
        maxTries: 600,
        signal: new AbortController().signal,
        wait: noWait,
      }),
    ).rejects.toMatchObject({ status: 404 });
    const controller = new AbortController();
    controller.abort();
    await expect(
      pollUntil({
        read: () => Promise.resolve(1),
        done: () => false,
        intervalMs: 1,
        maxTries: 5,
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(PollAbortedError);
  });
});
