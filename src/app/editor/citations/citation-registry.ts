import { toCitedWork } from '../../../shared/citations/work-payload';
import type { CitedWork } from '../../../shared/citations/work';
import { citationList } from './citation-list';

type Listener = () => void;

function refIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('refId' in payload)) return null;
  return typeof payload.refId === 'string' ? payload.refId : null;
}

/**
 * The paper's cited works (its stored `citations`), by refId. Citation and bibliography node
 * views read it and re-render when it changes; the stored entries are kept as they came so a
 * save writes back exactly what was loaded plus what was added.
 */
export class CitationRegistry {
  #entries: unknown[] = [];
  #works = new Map<string, CitedWork>();
  #listeners = new Set<Listener>();
  #added: CitedWork[] = [];

  get entries(): unknown[] {
    return this.#entries;
  }

  /** True while works added here are not in the stored list yet (so a save must send it). */
  get changed(): boolean {
    return this.#added.length > 0;
  }

  lookup(refId: string): CitedWork | undefined {
    return this.#works.get(refId);
  }

  /**
   * Takes the stored list (a list or its JSON), e.g. of a freshly loaded or saved paper. Works
   * added here that it lacks stay, still to be saved; with `discardAdded` they are dropped.
   */
  replace(stored: unknown, { discardAdded = false } = {}): void {
    const entries = citationList(stored);
    this.#entries = [...entries];
    this.#works = new Map();
    for (const entry of entries) this.#index(entry);
    this.#added = discardAdded ? [] : this.#added.filter((work) => !this.#works.has(work.refId));
    this.#entries.push(...this.#added);
    for (const work of this.#added) this.#works.set(work.refId, work);
    this.#notify();
  }

  /** Appends works not listed yet; answers whether anything was added. */
  add(works: readonly CitedWork[]): boolean {
    const fresh = works.filter((work) => !this.#works.has(work.refId));
    if (fresh.length === 0) return false;
    this.#added = [...this.#added, ...fresh];
    this.#entries = [...this.#entries, ...fresh];
    for (const work of fresh) this.#works.set(work.refId, work);
    this.#notify();
    return true;
  }

  /**
   * Takes works the user accepted into the paper (a rewrite's citations, with their check):
   * each replaces the entry of its refId or joins the list, and the list is to be saved (the
   * server stores a rewrite's works only through that save, so a cancelled preview leaves none).
   */
  merge(works: readonly CitedWork[]): void {
    if (works.length === 0) return;
    const incoming = new Map(works.map((work) => [work.refId, work]));
    const pending = new Map(this.#added.map((work) => [work.refId, work]));
    for (const work of works) pending.set(work.refId, work);
    this.#entries = [
      ...this.#entries.map((entry) => {
        const refId = refIdOf(entry);
        const update = refId === null ? undefined : incoming.get(refId);
        if (refId !== null) incoming.delete(refId);
        return update ?? entry;
      }),
      ...incoming.values(),
    ];
    this.#added = [...pending.values()];
    for (const work of works) this.#works.set(work.refId, work);
    this.#notify();
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #index(entry: unknown): void {
    let work: CitedWork;
    try {
      work = toCitedWork(entry);
    } catch {
      // A malformed stored entry cannot be shown; its citations stay visible as raw ids.
      return;
    }
    // Documents cite the id as stored, even one the canonical form would have re-minted.
    this.#works.set(refIdOf(entry) ?? work.refId, work);
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}
