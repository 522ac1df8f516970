import type { Db } from '../../db/database';
import { findWorksByDocIds } from './work-store';
import type { WorkRow } from './work-row';

const CAPACITY = 5_000;

/**
 * The works rows searches answered with lately, by search-index doc id, so that a search under
 * load reads only the rows it has not seen (a page is up to two hundred rows with their
 * abstracts, on PGlite's single connection). Every change to a works row bumps its change
 * sequence, which the search index reads before each search (`LocalSearchIndex.catchUp`) and
 * passes to `forget`: a row served from here is never older than the index that found it.
 */
export class WorkRowCache {
  #rows = new Map<number, WorkRow>();
  #generation = 0;

  constructor(
    private readonly db: Db,
    private readonly capacity = CAPACITY,
  ) {}

  forget(docId: number): void {
    this.#generation += 1;
    this.#rows.delete(docId);
  }

  /** The rows of `docIds` the viewer may see (the shared library and their own), in that order. */
  async findVisible(viewerId: string | null, docIds: readonly number[]): Promise<WorkRow[]> {
    const missing = docIds.filter((docId) => !this.#rows.has(docId));
    const generation = this.#generation;
    const fetched = new Map(
      (await findWorksByDocIds(this.db, missing)).map((row) => [row.docId, row]),
    );
    // A row read while another search saw it change may be the old one: not kept.
    const keep = generation === this.#generation;
    const found: WorkRow[] = [];
    for (const docId of docIds) {
      const row = fetched.get(docId) ?? this.#rows.get(docId);
      if (!row) continue;
      // Maps iterate in insertion order: set again, a row becomes the newest.
      if (keep || !fetched.has(docId)) this.#remember(row);
      if (row.ownerId === null || row.ownerId === viewerId) found.push(row);
    }
    return found;
  }

  #remember(row: WorkRow): void {
    this.#rows.delete(row.docId);
    this.#rows.set(row.docId, row);
    if (this.#rows.size > this.capacity) {
      const oldest = this.#rows.keys().next().value;
      if (oldest !== undefined) this.#rows.delete(oldest);
    }
  }
}
