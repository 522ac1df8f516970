import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { dedupeKey, refIdFor, refIdFromKey } from '../../../shared/citations/ref-id';
import type { Work } from '../../../shared/citations/work';
import type { Db } from '../../db/database';
import { works } from '../../db/schema';
import { rowToWork, workToRow, type WorkRow } from './work-row';

/** Whose works a statement touches: the shared library (null) or one user's own imports. */
export type WorkOwner = string | null;

const ownedBy = (owner: WorkOwner) =>
  owner === null ? isNull(works.ownerId) : eq(works.ownerId, owner);

/** Shared works and the viewer's own; a null viewer (system work) sees the shared library. */
export const visibleTo = (viewerId: string | null) =>
  viewerId === null
    ? isNull(works.ownerId)
    : or(isNull(works.ownerId), eq(works.ownerId, viewerId));

/**
 * Chooses each work's refId: the id its owner already stored for that dedupe key, else the
 * hash of the key, or — when that 8-character id is already taken by another row (another
 * work, or the same article in someone else's library) — the hash of the key with a counter,
 * so two rows never share an id and an id never changes once stored.
 */
async function assignRefIds(
  db: Db,
  owner: WorkOwner,
  byKey: Map<string, Work>,
): Promise<Map<string, string>> {
  const keys = [...byKey.keys()];
  const assigned = new Map<string, string>();
  for (const slice of chunks(keys, LOOKUP_CHUNK)) {
    const existing = await db
      .select({ refId: works.refId, dedupeKey: works.dedupeKey })
      .from(works)
      .where(and(ownedBy(owner), inArray(works.dedupeKey, slice)));
    for (const row of existing) assigned.set(row.dedupeKey, row.refId);
  }
  const taken = new Set<string>();
  const firstChoice = (key: string) => refIdFor(byKey.get(key) as Work);
  const candidates = keys.filter((key) => !assigned.has(key)).map(firstChoice);
  for (const slice of chunks(candidates, LOOKUP_CHUNK)) {
    const clashes = await db
      .select({ refId: works.refId })
      .from(works)
      .where(inArray(works.refId, slice));
    for (const row of clashes) taken.add(row.refId);
  }
  for (const key of keys) {
    if (assigned.has(key)) continue;
    let attempt = 0;
    let refId = firstChoice(key);
    while (taken.has(refId)) {
      attempt += 1;
      refId = refIdFromKey(`${key}#${attempt}`);
      const [clash] = await db
        .select({ refId: works.refId })
        .from(works)
        .where(eq(works.refId, refId));
      if (clash) taken.add(refId);
    }
    taken.add(refId);
    assigned.set(key, refId);
  }
  return assigned;
}

// Postgres binds at most 65,535 parameters a statement; a work row has about 30 columns.
const INSERT_CHUNK = 1000;
const LOOKUP_CHUNK = 5000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

const REFRESHED_COLUMNS = {
  sourceId: sql`excluded.source_id`,
  doi: sql`coalesce(excluded.doi, ${works.doi})`,
  title: sql`excluded.title`,
  type: sql`excluded.type`,
  authors: sql`excluded.authors`,
  publishedYear: sql`coalesce(excluded.published_year, ${works.publishedYear})`,
  publishedMonth: sql`coalesce(excluded.published_month, ${works.publishedMonth})`,
  publishedDay: sql`coalesce(excluded.published_day, ${works.publishedDay})`,
  containerTitle: sql`coalesce(excluded.container_title, ${works.containerTitle})`,
  source: sql`coalesce(excluded.source, ${works.source})`,
  volume: sql`coalesce(excluded.volume, ${works.volume})`,
  issue: sql`coalesce(excluded.issue, ${works.issue})`,
  page: sql`coalesce(excluded.page, ${works.page})`,
  publisher: sql`coalesce(excluded.publisher, ${works.publisher})`,
  abstract: sql`coalesce(excluded.abstract, ${works.abstract})`,
  hyperlink: sql`coalesce(excluded.hyperlink, ${works.hyperlink})`,
  url: sql`coalesce(excluded.url, ${works.url})`,
  subjects: sql`excluded.subjects`,
  isReferencedByCount: sql`coalesce(excluded.is_referenced_by_count, ${works.isReferencedByCount})`,
  issn: sql`excluded.issn`,
  isbn: sql`excluded.isbn`,
  pdf: sql`coalesce(excluded.pdf, ${works.pdf})`,
  changeSeq: sql`nextval('works_change_seq')`,
  updatedAt: sql`now()`,
};

/**
 * Inserts new works into one owner's scope and refreshes the ones that scope already holds
 * (matched by dedupe key, spec 000 §9), in statements of a bounded size. Returns the stored rows
 * by dedupe key.
 */
async function upsertScoped(
  db: Db,
  owner: WorkOwner,
  byKey: Map<string, Work>,
  origin: string,
): Promise<Map<string, WorkRow>> {
  const refIds = await assignRefIds(db, owner, byKey);
  const stored = new Map<string, WorkRow>();
  for (const keys of chunks([...byKey.keys()], INSERT_CHUNK)) {
    const rows = keys.map((key) => ({
      ...workToRow(byKey.get(key) as Work, {
        refId: refIds.get(key) as string,
        dedupeKey: key,
        origin,
      }),
      ownerId: owner,
    }));
    const returned = await db
      .insert(works)
      .values(rows)
      .onConflictDoUpdate({
        target: owner === null ? [works.dedupeKey] : [works.ownerId, works.dedupeKey],
        targetWhere: owner === null ? isNull(works.ownerId) : isNotNull(works.ownerId),
        set: REFRESHED_COLUMNS,
      })
      .returning();
    for (const row of returned) stored.set(row.dedupeKey, row);
  }
  return stored;
}

/** The same work twice in one batch would make ON CONFLICT touch a row twice; keep the last. */
function byDedupeKey(input: readonly Work[]): Map<string, Work> {
  const byKey = new Map<string, Work>();
  for (const work of input) byKey.set(dedupeKey(work), work);
  return byKey;
}

/**
 * Inserts new works into the shared library and refreshes known ones (matched by dedupe key,
 * spec 000 §9): only the corpus load and providers' own data call this, never a user's import.
 * Returns the stored works with their final refIds, in input order.
 */
export async function upsertWorks(db: Db, input: Work[], origin: string): Promise<Work[]> {
  if (input.length === 0) return [];
  const stored = await upsertScoped(db, null, byDedupeKey(input), origin);
  return input.map((work) => rowToWork(stored.get(dedupeKey(work)) as WorkRow));
}

/**
 * A user's import (BibTeX, RIS, CSL-JSON): an entry naming a work of the shared library is
 * linked to that work and changes nothing in it; every other entry is stored in, or refreshes,
 * the user's own works. Returns the works to cite, in input order.
 */
export async function storeOwnedWorks(db: Db, ownerId: string, input: Work[]): Promise<Work[]> {
  if (input.length === 0) return [];
  const byKey = byDedupeKey(input);
  const found = new Map<string, WorkRow>();
  for (const slice of chunks([...byKey.keys()], LOOKUP_CHUNK)) {
    const rows = await db
      .select()
      .from(works)
      .where(and(isNull(works.ownerId), inArray(works.dedupeKey, slice)));
    for (const row of rows) found.set(row.dedupeKey, row);
  }
  const own = new Map([...byKey].filter(([key]) => !found.has(key)));
  const stored = own.size > 0 ? await upsertScoped(db, ownerId, own, 'import') : new Map();
  return input.map((work) => {
    const key = dedupeKey(work);
    return rowToWork((found.get(key) ?? stored.get(key)) as WorkRow);
  });
}

/** The works a viewer may see among `refIds`, in the order asked; others are left out. */
export async function findVisibleWorks(
  db: Db,
  viewerId: string | null,
  refIds: string[],
): Promise<Work[]> {
  const rows: WorkRow[] = [];
  for (const slice of chunks([...new Set(refIds)], LOOKUP_CHUNK)) {
    rows.push(
      ...(await db
        .select()
        .from(works)
        .where(and(visibleTo(viewerId), inArray(works.refId, slice)))),
    );
  }
  const byId = new Map(rows.map((row) => [row.refId, rowToWork(row)]));
  return refIds.flatMap((id) => byId.get(id) ?? []);
}

/** Works with these DOIs that the viewer may see, the shared library's first. */
/**
 * Works by refId whoever stored them. Only for refIds a paper already cites: a paper's
 * citations were checked against its authors' libraries when they were saved, and every
 * member who may read the paper may see what it cites (src/server/papers/paper-citations.ts).
 */
export async function findCitedWorks(db: Db, refIds: string[]): Promise<Work[]> {
  const rows: WorkRow[] = [];
  for (const slice of chunks([...new Set(refIds)], LOOKUP_CHUNK)) {
    rows.push(...(await db.select().from(works).where(inArray(works.refId, slice))));
  }
  return rows.map(rowToWork);
}

export async function findVisibleWorksByDoi(
  db: Db,
  viewerId: string | null,
  dois: string[],
): Promise<Work[]> {
  if (dois.length === 0) return [];
  const rows = await db
    .select()
    .from(works)
    .where(and(visibleTo(viewerId), inArray(works.doi, dois)))
    .orderBy(sql`${works.ownerId} nulls first`);
  return rows.map(rowToWork);
}

/** Rows by search-index doc id, whoever owns them: `WorkRowCache` checks who may see them. */
export async function findWorksByDocIds(db: Db, docIds: number[]): Promise<WorkRow[]> {
  if (docIds.length === 0) return [];
  return db.select().from(works).where(inArray(works.docId, docIds));
}

/** Works in the shared library (what the corpus load fills). */
export async function countSharedWorks(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(works)
    .where(isNull(works.ownerId));
  return Number(row?.count ?? 0);
}

/** Rows changed after `afterSeq`, oldest change first: how search indexes catch up. */
export async function worksChangedSince(db: Db, afterSeq: number, limit: number) {
  return db
    .select()
    .from(works)
    .where(gt(works.changeSeq, afterSeq))
    .orderBy(asc(works.changeSeq))
    .limit(limit);
}
