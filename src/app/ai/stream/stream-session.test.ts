import { describe, expect, it } from 'vitest';
import {
  ERROR_MARKER,
  FINISHED_MARKER,
  PART_MARKER,
  parseStream,
} from '../../../shared/ai/stream-markers';
import { ApiError } from '../../api/http';
import { StreamSession, type StreamRun } from './stream-session';

/** A run that feeds `chunks` one by one and then waits for `release` (or an abort). */
function scriptedRun(chunks: string[]) {
  const calls: AbortSignal[] = [];
  let release: () => void = () => undefined;
  const run: StreamRun = (signal, onUpdate) => {
    calls.push(signal);
    return new Promise((resolve, reject) => {
      let received = '';
      for (const chunk of chunks) {
        received += chunk;
        onUpdate(parseStream(received));
      }
      signal.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      release = () => resolve(parseStream(received));
    });
  };
  return { run, calls, release: () => release() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('StreamSession', () => {
  it('sends one request however often it is started', async () => {
    const script = scriptedRun([PART_MARKER('content'), 'Hello', FINISHED_MARKER]);
    const session = new StreamSession(script.run);
    session.start();
    session.start();
    expect(script.calls).toHaveLength(1);
    expect(session.getState().parsed.text).toBe('Hello');
    script.release();
    await settle();
    expect(session.getState().status).toBe('done');
  });

  it('aborts the request on cancel and ignores what comes after', async () => {
    const script = scriptedRun([PART_MARKER('content'), 'Partial']);
    const session = new StreamSession(script.run);
    session.start();
    session.cancel();
    await settle();
    expect(script.calls[0]?.aborted).toBe(true);
    expect(session.getState().status).toBe('cancelled');
  });

  it('fails on an error marker with its message', async () => {
    const script = scriptedRun([ERROR_MARKER('No model is configured.')]);
    const session = new StreamSession(script.run);
    session.start();
    script.release();
    await settle();
    expect(session.getState()).toMatchObject({
      status: 'failed',
      error: 'No model is configured.',
      refusal: 'Error: No model is configured.',
    });
  });

  it('treats an answer without the finished marker as cut off', async () => {
    const script = scriptedRun([PART_MARKER('content'), 'Half a sen']);
    const session = new StreamSession(script.run);
    session.start();
    script.release();
    await settle();
    expect(session.getState().status).toBe('failed');
    expect(session.getState().parsed.text).toBe('Half a sen');
  });

  it('reports a refused request', async () => {
    const session = new StreamSession(() => Promise.reject(new Error('Not signed in')));
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().status));
    session.start();
    await settle();
    expect(seen).toEqual(['streaming', 'failed']);
    expect(session.getState()).toMatchObject({ error: 'Not signed in', refusal: null });
  });

  it("keeps the server's sentence when it refused the request", async () => {
    const session = new StreamSession(() =>
      Promise.reject(new ApiError(503, 'This needs an AI model, and none is configured.')),
    );
    session.start();
    await settle();
    expect(session.getState().refusal).toBe('This needs an AI model, and none is configured.');
  });
});
