import { describe, expect, it } from 'vitest';
import type { RefineJob, StructureStatus } from './api/paper-structure-api';
import { followRefinement, followStructure, OVERLOADED, TIMED_OUT } from './job-polls';

/** A clock that does not sleep and remembers every wait. */
function recordingClock() {
  const waits: number[] = [];
  return { waits, wait: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

const status = (value: Partial<StructureStatus>): StructureStatus => ({
  status: 'processing',
  result: null,
  error: null,
  progress: null,
  ...value,
});

const RESULT = { markdown: '# T', sections: [], template: false, queries: [] };

describe('following a structure job (001 §8, §9)', () => {
  it('reads every 3 s and gives up after 600 tries with the timeout text', async () => {
    const clock = recordingClock();
    let reads = 0;
    const outcome = await followStructure({
      read: () => {
        reads += 1;
        return Promise.resolve(status({}));
      },
      signal: new AbortController().signal,
      wait: clock.wait,
    });
    expect(outcome).toEqual({ kind: 'failed', message: TIMED_OUT });
    expect(reads).toBe(600);
    expect(clock.waits).toHaveLength(599);
    expect(new Set(clock.waits)).toEqual(new Set([3000]));
    expect(TIMED_OUT).toBe('Structure generation timed out. Please try again.');
    expect(OVERLOADED).toBe(
      'Failed to generate structure. The system might be overloaded. Please try again later.',
    );
  });

  it('keeps asking through failed reads, as after a reload or a server restart', async () => {
    const answers: (() => Promise<StructureStatus>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(status({ status: 'pending' })),
      () => Promise.resolve(status({ status: 'completed', result: RESULT })),
    ];
    const outcome = await followStructure({
      read: () => answers.shift()!(),
      signal: new AbortController().signal,
      wait: recordingClock().wait,
    });
    expect(outcome).toEqual({ kind: 'done', result: RESULT });
  });

  it('names a failed job with its error, and keeps a structure that handed over to a refinement', async () => {
    const failed = await followStructure({
      read: () => Promise.resolve(status({ status: 'failed', error: 'The model is down' })),
      signal: new AbortController().signal,
    });
    expect(failed).toEqual({
      kind: 'failed',
      message: 'Structure generation failed: The model is down',
    });
    const refining = await followStructure({
      read: () => Promise.resolve(status({ status: 'refining', result: RESULT })),
      signal: new AbortController().signal,
    });
    expect(refining).toEqual({ kind: 'done', result: RESULT });
  });
});

describe('following a refinement (001 §9)', () => {
  const job = (value: Partial<RefineJob>): RefineJob => ({
    jobId: 'j',
    jobType: 'refine',
    status: 'refining',
    ...value,
  });

  it('reads every 2 s and applies the result 2 s after completion', async () => {
    const clock = recordingClock();
    const answers = [job({ status: 'pending' }), job({}), job({ status: 'completed' })];
    const events: string[] = [];
    const outcome = await followRefinement({
      read: () => {
        events.push('read');
        return Promise.resolve(answers.shift()!);
      },
      result: () => {
        events.push(`result after ${clock.waits.at(-1)} ms`);
        return Promise.resolve({ content: '# Refined' });
      },
      onCompleted: () => events.push('completed'),
      signal: new AbortController().signal,
      wait: (ms) => {
        events.push(`wait ${ms}`);
        return clock.wait(ms);
      },
    });
    expect(outcome).toMatchObject({ kind: 'applied', result: { content: '# Refined' } });
    expect(events).toEqual([
      'read',
      'wait 2000',
      'read',
      'wait 2000',
      'read',
      'completed',
      'wait 2000',
      'result after 2000 ms',
    ]);
  });

  it('reports a failed or cancelled refinement, and applies nothing once stopped', async () => {
    const signal = new AbortController().signal;
    const never = () => Promise.reject(new Error('not asked'));
    expect(
      await followRefinement({
        read: () => Promise.resolve(job({ status: 'failed', error: 'x' })),
        result: never,
        signal,
      }),
    ).toMatchObject({ kind: 'failed', job: { status: 'failed' } });
    expect(
      await followRefinement({
        read: () => Promise.resolve(job({ status: 'cancelled' })),
        result: never,
        signal,
      }),
    ).toEqual({ kind: 'cancelled' });
    const stopped = new AbortController();
    expect(
      await followRefinement({
        read: () => Promise.resolve(job({ status: 'completed' })),
        result: never,
        onCompleted: () => stopped.abort(),
        signal: stopped.signal,
      }),
    ).toEqual({ kind: 'aborted' });
  });
});
