import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { dedupeKey, refIdFor, refIdFromKey } from '../../../shared/citations/ref-id';
import type { Work } from '../../../shared/citations/work';
import type { Db } from '../../db/database';
import { works } from '../../db/schema';
import { rowToWork, workToRow, type WorkRow } from './work-row';

/**
 * Chooses each work's refId: the hash of its dedupe key, or — when that 8-character id is
 * already taken by a different work (likely somewhere in a million-work store) — the hash of
 * the key with a counter, so two works never share an id and an id never changes once stored.
 */
async function assignRefIds(db: Db, byKey: Map<string, Work>): Promise<Map<string, string>> {
  const keys = [...byKey.keys()];
  const existing = await db
    .select({ refId: works.refId, dedupeKey: works.dedupeKey })
    .from(works)
    .where(inArray(works.dedupeKey, keys));
  const assigned = new Map(existing.map((row) => [row.dedupeKey, row.refId]));
  const taken = new Map<string, string>();
  const firstChoice = (key: string) => refIdFor(byKey.get(key) as Work);
  const candidates = keys.filter((key) => !assigned.has(key)).map(firstChoice);
  if (candidates.length > 0) {
    const clashes = await db
      .select({ refId: works.refId, dedupeKey: works.dedupeKey })
      .from(works)
      .where(inArray(works.refId, candidates));
    for (const row of clashes) taken.set(row.refId, row.dedupeKey);
  }
  for (const key of keys) {
    if (assigned.has(key)) continue;
    let attempt = 0;
    let refId = firstChoice(key);
    while (taken.has(refId) && taken.get(refId) !== key) {
      attempt += 1;
      refId = refIdFromKey(`${key}#${attempt}`);
      const [clash] = await db
        .select({ dedupeKey: works.dedupeKey })
        .from(works)
        .where(eq(works.refId, refId));
      if (clash) taken.set(refId, clash.dedupeKey);
    }
    taken.set(refId, key);
    assigned.set(key, refId);
  }
  return assigned;
}

/**
 * Inserts new works and refreshes known ones (matched by dedupe key, spec 000 §9). Returns the
 * stored works with their final refIds, in input order.
 */
export async function upsertWorks(db: Db, input: Work[], origin: string): Promise<Work[]> {
  if (input.length === 0) return [];
  // The same work twice in one batch would make ON CONFLICT touch a row twice; keep the last.
  const byKey = new Map<string, Work>();
  for (const work of input) byKey.set(dedupeKey(work), work);
  const keys = [...byKey.keys()];
  const refIds = await assignRefIds(db, byKey);
  const rows = keys.map((key) => {
    const work = byKey.get(key) as Work;
    return workToRow(work, { refId: refIds.get(key) as string, dedupeKey: key, origin });
  });
  const stored = await db
    .insert(works)
    .values(rows)
    .onConflictDoUpdate({
      target: works.dedupeKey,
      set: {
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
      },
    })
    .returning();
  const storedByKey = new Map(stored.map((row) => [row.dedupeKey, row]));
  return input.map((work) => rowToWork(storedByKey.get(dedupeKey(work)) as WorkRow));
}

export async function findWorks(db: Db, refIds: string[]): Promise<Work[]> {
  if (refIds.length === 0) return [];
  const rows = await db.select().from(works).where(inArray(works.refId, refIds));
  const byId = new Map(rows.map((row) => [row.refId, rowToWork(row)]));
  return refIds.flatMap((id) => byId.get(id) ?? []);
}

export async function findWorksByDoi(db: Db, dois: string[]): Promise<Work[]> {
  if (dois.length === 0) return [];
  const rows = await db.select().from(works).where(inArray(works.doi, dois));
  return rows.map(rowToWork);
}

export async function findWorksByDocIds(db: Db, docIds: number[]): Promise<WorkRow[]> {
  if (docIds.length === 0) return [];
  return db.select().from(works).where(inArray(works.docId, docIds));
}

export async function countWorks(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(works);
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
