import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import type { WritingJob } from './api/writing-api';
import { pollWritingJob } from './job-poller';
import { nextPollDelay } from './poll-schedule';

function job(status: string): WritingJob {
  return {
    jobId: 'j',
    status,
    currentIndex: 0,
    createdAt: '',
    completed: status === 'completed',
    active: status === 'in_progress',
    error: null,
    metadata: { reasoning: '' },
    sections: [],
  };
}

describe('nextPollDelay', () => {
  it('is 3 s, doubling per failure up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(nextPollDelay)).toEqual([3000, 6000, 12000, 24000, 30000, 30000]);
  });
});

describe('pollWritingJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls first after 3 s and stops when the job has ended', async () => {
    const answers = [job('in_progress'), job('completed')];
    const fetchJob = vi.fn(() => Promise.resolve(answers.shift() ?? job('completed')));
    const onJob = vi.fn();
    pollWritingJob({ fetchJob, onJob, onGone: vi.fn() });
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchJob).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(onJob.mock.calls.map(([value]) => (value as WritingJob).status)).toEqual([
      'in_progress',
      'completed',
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
  });

  it('backs off on errors and stops after three 404s in a row', async () => {
    const failures = [
      new ApiError(500, 'x'),
      new ApiError(404, 'gone'),
      new ApiError(404, 'gone'),
      new ApiError(404, 'gone'),
    ];
    const calls: number[] = [];
    const fetchJob = vi.fn(() => {
      calls.push(Date.now());
      return Promise.reject(failures.shift() ?? new Error('unexpected'));
    });
    const onGone = vi.fn();
    const start = Date.now();
    pollWritingJob({ fetchJob, onJob: vi.fn(), onGone });
    await vi.advanceTimersByTimeAsync(3000 + 6000 + 12000 + 24000);
    expect(calls.map((at) => at - start)).toEqual([3000, 9000, 21000, 45000]);
    expect(onGone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchJob).toHaveBeenCalledTimes(4);
  });

  it('does nothing more once stopped', async () => {
    const fetchJob = vi.fn(() => Promise.resolve(job('in_progress')));
    const stop = pollWritingJob({ fetchJob, onJob: vi.fn(), onGone: vi.fn() });
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchJob).not.toHaveBeenCalled();
  });
});
