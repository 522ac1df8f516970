import type { Logger } from 'drizzle-orm';

export type QueryListener = (query: string) => void;

/**
 * Every statement sent through Drizzle (the stores and better-auth alike), told to whoever
 * watches: tests and benchmarks count the queries a request makes with it. With no watcher it
 * costs one empty loop per query.
 */
export class QueryLog implements Logger {
  #listeners = new Set<QueryListener>();

  logQuery(query: string): void {
    for (const listener of this.#listeners) listener(query);
  }

  /** Starts telling `listener` of each query; call the returned function to stop. */
  watch(listener: QueryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
