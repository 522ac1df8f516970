import { parseStream, type ParsedStream } from '../../../shared/ai/stream-markers';
import { ApiError } from '../../api/http';

export type StreamStatus = 'idle' | 'streaming' | 'done' | 'failed' | 'cancelled';

export interface StreamState {
  status: StreamStatus;
  /** The answer parsed so far (text without markers, statuses, finished flag). */
  parsed: ParsedStream;
  /** Why the stream failed: the server's message, or the error marker's text. */
  error: string | null;
  /**
   * The server's own sentence for the failure: it refused the request before streaming (no
   * model configured, a model the account may not use, a missing paper), or its error marker
   * said why the answer failed (a busy provider); null when it gave no reason.
   */
  refusal: string | null;
}

/** Runs one streamed request; must reject with an AbortError once `signal` aborts. */
export type StreamRun = (
  signal: AbortSignal,
  onUpdate: (parsed: ParsedStream) => void,
) => Promise<ParsedStream>;

// 500 is 'Internal server error', which explains nothing: the generic failure text says more.
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.fromServer && error.status >= 400 && error.status !== 500;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One streamed AI answer, owned outside React so that starting it is idempotent: a dialog asks
 * it to start from an effect, and React StrictMode's second effect run (or any re-render)
 * cannot send a second request. Cancel aborts the fetch, which closes the connection, which
 * makes the server cancel its provider request.
 */
export class StreamSession {
  #state: StreamState = { status: 'idle', parsed: parseStream(''), error: null, refusal: null };
  #listeners = new Set<() => void>();
  #controller: AbortController | null = null;

  constructor(private readonly run: StreamRun) {}

  getState = (): StreamState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Sends the request unless this session has started already. */
  start(): void {
    if (this.#controller) return;
    const controller = new AbortController();
    this.#controller = controller;
    this.#set({ status: 'streaming' });
    this.run(controller.signal, (parsed) => {
      if (!controller.signal.aborted) this.#set({ parsed });
    }).then(
      (parsed) => {
        if (controller.signal.aborted) return;
        if (parsed.error !== null) {
          // The error marker's text is written for the user (stream-markers.ts), to be read
          // after 'Error: ' (000 §3's 'Error: Failed to generate content. Please try again.').
          const refusal = `Error: ${parsed.error}`;
          this.#set({ parsed, status: 'failed', error: parsed.error, refusal });
        } else if (!parsed.finished) {
          // The connection ended without ':FINISHED]': the answer is cut short, not complete.
          this.#set({ parsed, status: 'failed', error: 'The answer was cut off.' });
        } else this.#set({ parsed, status: 'done' });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        const message = error instanceof Error ? error.message : String(error);
        this.#set({ status: 'failed', error: message, refusal: isRefusal(error) ? message : null });
      },
    );
  }

  /** Stops a running request; a finished one is left as it is. */
  cancel(): void {
    if (!this.#controller || this.#state.status !== 'streaming') return;
    this.#controller.abort();
    this.#set({ status: 'cancelled' });
  }

  #set(changes: Partial<StreamState>): void {
    this.#state = { ...this.#state, ...changes };
    for (const listener of this.#listeners) listener();
  }
}
