import { and, desc, eq, getTableColumns, ilike, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedStatement } from '../db/prepared-statement';
import { papers } from '../db/schema';

export type PaperRow = typeof papers.$inferSelect;
export type PaperInsert = Omit<
  typeof papers.$inferInsert,
  'id' | 'ownerId' | 'createdAt' | 'lastVersionNumber'
>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const columns = getTableColumns(papers);

/** A papers row from a raw statement's answer, each value mapped as Drizzle maps its own rows. */
export function toPaperRow(raw: Record<string, unknown>): PaperRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as unknown as PaperRow;
}

/**
 * Reading a paper is the most frequent request: its statement is parsed and planned once per
 * connection, on PGlite as on PostgreSQL (`preparedStatement`).
 */
const findOwnedPaperStatement = preparedStatement(
  'find_owned_paper',
  'select * from "papers" where "id" = $1::uuid and "owner_id" = $2::text',
  ['id', 'ownerId'],
);

/** Every read is scoped by owner: another user's paper simply does not exist. */
export async function findOwnedPaper(
  db: Db,
  ownerId: string,
  id: string,
): Promise<PaperRow | undefined> {
  const [raw] = await findOwnedPaperStatement(db, { id, ownerId });
  return raw ? toPaperRow(raw) : undefined;
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
