import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';

export type PaperRow = typeof papers.$inferSelect;
export type PaperInsert = Omit<
  typeof papers.$inferInsert,
  'id' | 'ownerId' | 'createdAt' | 'lastVersionNumber'
>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function prepareFindOwnedPaper(db: Db) {
  return db
    .select()
    .from(papers)
    .where(
      and(eq(papers.id, sql.placeholder('id')), eq(papers.ownerId, sql.placeholder('ownerId'))),
    )
    .prepare('find_owned_paper');
}

/**
 * Prepared once per database handle (and per transaction handed in as one): reading a paper
 * is the most frequent request, and a prepared query is neither rebuilt by Drizzle nor, on
 * PostgreSQL (a named statement), parsed again by the server on a connection that ran it.
 */
const findOwnedPaperQueries = new WeakMap<Db, ReturnType<typeof prepareFindOwnedPaper>>();

/** Every read is scoped by owner: another user's paper simply does not exist. */
export async function findOwnedPaper(db: Db, ownerId: string, id: string) {
  let query = findOwnedPaperQueries.get(db);
  if (!query) {
    query = prepareFindOwnedPaper(db);
    findOwnedPaperQueries.set(db, query);
  }
  const [row] = await query.execute({ id, ownerId });
  return row;
}

export async function listOwnedPapers(db: Db, ownerId: string, search: string | undefined) {
  const conditions = [eq(papers.ownerId, ownerId), eq(papers.status, 'active')];
  const query = search?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const match = or(
      ilike(papers.title, pattern),
      ilike(papers.description, pattern),
      ilike(papers.field, pattern),
    );
    if (match) conditions.push(match);
  }
  return db
    .select({
      id: papers.id,
      title: papers.title,
      type: papers.type,
      description: papers.description,
      field: papers.field,
      createdAt: papers.createdAt,
      updatedAt: papers.updatedAt,
    })
    .from(papers)
    .where(and(...conditions))
    .orderBy(desc(papers.updatedAt));
}

export async function insertPaper(db: Db, ownerId: string, values: PaperInsert) {
  const [row] = await db
    .insert(papers)
    .values({ ...values, ownerId })
    .returning();
  if (!row) throw new Error('Paper insert returned no row');
  return row;
}

export async function deleteOwnedPaper(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(papers)
    .where(and(eq(papers.id, id), eq(papers.ownerId, ownerId)))
    .returning({ id: papers.id });
  return rows.length > 0;
}

/**
 * Sets a paper's citation style without touching `updated_at`: it is a setting, not an edit,
 * so an editor holding the paper keeps saving without a conflict.
 */
export async function setCitationStyle(
  db: Db,
  ownerId: string,
  id: string,
  citationStyle: string,
): Promise<boolean> {
  const rows = await db
    .update(papers)
    .set({ citationStyle })
    .where(and(eq(papers.id, id), eq(papers.ownerId, ownerId)))
    .returning({ id: papers.id });
  return rows.length > 0;
}
