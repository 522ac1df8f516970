import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { Bm25Index, type SearchHit, type SearchRequest } from './search/bm25-index';
import { loadIndexSnapshot, writeIndexSnapshot } from './search/index-snapshot';
import { indexedTypeOf, indexedTypesFor } from './search/query/search-filters';
import { WorkRowCache } from './store/work-row-cache';
import { worksChangedSince } from './store/work-store';

const SYNC_BATCH = 5000;
const PERSIST_DELAY_MS = 30_000;

/** Bumped when what is indexed per work changes, so older snapshots are rebuilt. */
const SNAPSHOT_VERSION = 2;

interface SnapshotMeta {
  version: typeof SNAPSHOT_VERSION;
  lastSeq: number;
}

/**
 * The in-memory BM25F index over the works table. It starts from a snapshot under the data
 * directory when one is usable, then catches up with rows changed since (by change sequence),
 * so a restart does not re-index a million abstracts, and works added by another process (an
 * import, an OpenAlex search) are searchable by the next query.
 */
export class LocalSearchIndex {
  #index = new Bm25Index();
  #lastSeq = 0;
  #syncing: Promise<number> | undefined;
  #dirty = false;
  #persistTimer: NodeJS.Timeout | undefined;
  #persisting: Promise<void> = Promise.resolve();
  /** The rows searches answer with; a row this index re-reads as changed is forgotten there. */
  readonly rows: WorkRowCache;

  constructor(
    private readonly db: Db,
    private readonly directory: string,
    private readonly log: (message: string, details?: Record<string, unknown>) => void = () => {},
  ) {
    this.rows = new WorkRowCache(db);
  }

  /** What a viewer's searches cover: the shared library and their own imports (a count users see). */
  sizeVisibleTo(viewer: string | null): number {
    return this.#index.sizeVisibleTo(viewer);
  }

  /** Each analyzed term's idf over the library (Bm25Index.termRarity). */
  termRarity(terms: readonly string[]): Map<string, number> {
    return this.#index.termRarity(terms);
  }

  private get snapshotPath() {
    return path.join(this.directory, 'works-index.bin');
  }

  private get metaPath() {
    return path.join(this.directory, 'works-index.json');
  }

  async open(): Promise<void> {
    const meta = await this.#readMeta();
    if (meta) {
      const loaded = await loadIndexSnapshot(this.snapshotPath);
      if (loaded.ok) {
        this.#index = loaded.index;
        this.#lastSeq = meta.lastSeq;
      } else {
        this.log('search index snapshot unusable, rebuilding', { problem: loaded.problem });
      }
    }
    const added = await this.catchUp();
    if (added > 0) await this.persist();
  }

  async #readMeta(): Promise<SnapshotMeta | undefined> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath, 'utf8')) as Partial<SnapshotMeta>;
      return meta.version === SNAPSHOT_VERSION && typeof meta.lastSeq === 'number'
        ? { version: SNAPSHOT_VERSION, lastSeq: meta.lastSeq }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Indexes every work changed since the last sync; returns how many were (re)indexed. */
  catchUp(): Promise<number> {
    this.#syncing ??= this.#catchUp().finally(() => {
      this.#syncing = undefined;
    });
    return this.#syncing;
  }

  async #catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await worksChangedSince(this.db, this.#lastSeq, SYNC_BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        this.#index.add({
          docId: row.docId as number,
          title: row.title,
          abstract: row.abstract,
          year: row.publishedYear,
          citations: row.isReferencedByCount,
          type: indexedTypeOf(row),
          owner: row.ownerId,
        });
        this.rows.forget(row.docId as number);
        this.#lastSeq = Math.max(this.#lastSeq, row.changeSeq);
      }
      total += rows.length;
      if (rows.length < SYNC_BATCH) break;
    }
    if (total > 0) {
      this.#index.flush();
      this.#dirty = true;
      this.#schedulePersist();
    }
    return total;
  }

  /**
   * Catches up first (one indexed query when nothing changed), so a stored work is findable.
   * `request.viewer` sees the shared library and their own imports, never anyone else's.
   */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    await this.catchUp();
    return this.#index.search({
      ...request,
      documentTypes: indexedTypesFor(request.documentTypes ?? []),
    });
  }

  #schedulePersist() {
    if (this.#persistTimer) return;
    this.#persistTimer = setTimeout(() => {
      this.#persistTimer = undefined;
      void this.persist().catch((error: unknown) =>
        this.log('search index snapshot failed', { error: String(error) }),
      );
    }, PERSIST_DELAY_MS);
    this.#persistTimer.unref();
  }

  /**
   * Writes one snapshot at a time: a timer's write and the one in `close()` would otherwise share
   * the temporary file, and `close()` could return while an earlier write still renames it.
   */
  persist(): Promise<void> {
    const next = this.#persisting.then(() => this.#writeSnapshot());
    this.#persisting = next.catch(() => {});
    return next;
  }

  /** Writes the snapshot and then its metadata, each atomically, so a crash leaves a usable pair. */
  async #writeSnapshot(): Promise<void> {
    if (!this.#dirty) return;
    this.#dirty = false;
    await mkdir(this.directory, { recursive: true });
    const lastSeq = this.#lastSeq;
    const temporary = `${this.snapshotPath}.tmp`;
    await writeIndexSnapshot(this.#index, temporary);
    await rename(temporary, this.snapshotPath);
    const meta: SnapshotMeta = { version: SNAPSHOT_VERSION, lastSeq };
    await writeFile(`${this.metaPath}.tmp`, JSON.stringify(meta));
    await rename(`${this.metaPath}.tmp`, this.metaPath);
  }

  async close(): Promise<void> {
    if (this.#persistTimer) clearTimeout(this.#persistTimer);
    this.#persistTimer = undefined;
    await this.#syncing;
    await this.persist();
  }
}
