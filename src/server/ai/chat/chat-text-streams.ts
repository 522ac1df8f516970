import type { DatabaseEvents } from '../../db/database-events';

/** What a watcher of one answer hears: a piece of text at its offset, or the end. */
export type ChatTextEvent = { kind: 'text'; at: number; text: string } | { kind: 'settled' };

type Watcher = (event: ChatTextEvent) => void;

/** pg_notify takes at most 8,000 bytes; 1,500 characters stay under it in any script. */
const MAX_PIECE = 1500;
/** An answer nobody finished (its worker died) is forgotten after this long without text. */
const FORGET_MS = 15 * 60 * 1000;

/**
 * The chat answer's text while the job writes it (docs/chat.md, 'Streaming'). The job, in
 * whichever process runs it, publishes each piece the engine's stream stage lets through as a
 * database event; every process keeps the text so far of the answers being written, so a
 * browser that opens the stream late still gets the whole text, then each piece as it comes.
 * Best effort: a lost piece leaves a gap the watcher skips, and the stored answer (the poll)
 * is what the conversation keeps.
 */
export class ChatTextStreams {
  readonly #texts = new Map<string, { text: string; touched: number }>();
  readonly #watchers = new Map<string, Set<Watcher>>();

  constructor(
    private readonly events: DatabaseEvents,
    private readonly log: (message: string, details?: Record<string, unknown>) => void = () =>
      undefined,
  ) {
    events.on((event) => {
      if (event.kind === 'chat-text') this.#text(event.jobId, event.at, event.text);
      else if (event.kind === 'job-settled') this.#settled(event.jobId);
    });
  }

  /**
   * The writer of one attempt at an answer: its first piece starts at offset 0, which tells
   * watchers to drop what an earlier attempt wrote. Pieces written while one is being published
   * go out together as the next, so a fast model costs one notification per round trip.
   */
  writer(jobId: string): { push(text: string): void; flushed(): Promise<void> } {
    let sent = 0;
    let waiting = '';
    let publishing: Promise<void> = Promise.resolve();
    let busy = false;
    const drain = async () => {
      busy = true;
      while (waiting) {
        const text = waiting.slice(0, MAX_PIECE);
        waiting = waiting.slice(text.length);
        const at = sent;
        sent += text.length;
        await this.events
          .publish({ kind: 'chat-text', jobId, at, text })
          .catch((error: unknown) => {
            this.log('chat text not streamed', { jobId, error: String(error) });
          });
      }
      busy = false;
    };
    return {
      push: (text) => {
        if (!text) return;
        waiting += text;
        if (!busy) publishing = drain();
      },
      flushed: () => publishing,
    };
  }

  /**
   * Watches one answer: `watcher` first hears the text written so far (if any), then each
   * piece, and the end once the job's row holds its outcome (the queue's `job-settled`). Returns the function that stops watching.
   */
  watch(jobId: string, watcher: Watcher): () => void {
    const known = this.#texts.get(jobId);
    if (known?.text) watcher({ kind: 'text', at: 0, text: known.text });
    let set = this.#watchers.get(jobId);
    if (!set) this.#watchers.set(jobId, (set = new Set()));
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.#watchers.get(jobId) === set) this.#watchers.delete(jobId);
    };
  }

  #text(jobId: string, at: number, text: string): void {
    const now = Date.now();
    this.#forgetStale(now);
    const known = at === 0 ? { text: '', touched: now } : this.#texts.get(jobId);
    // A piece after a gap (this process started mid-answer, a notification lost): skip it.
    if (!known || known.text.length !== at) return;
    known.text += text;
    known.touched = now;
    this.#texts.set(jobId, known);
    for (const watcher of this.#watchers.get(jobId) ?? []) watcher({ kind: 'text', at, text });
  }

  #settled(jobId: string): void {
    this.#texts.delete(jobId);
    for (const watcher of this.#watchers.get(jobId) ?? []) watcher({ kind: 'settled' });
  }

  #forgetStale(now: number): void {
    for (const [jobId, known] of this.#texts) {
      if (now - known.touched > FORGET_MS) this.#texts.delete(jobId);
    }
  }
}
