import { and, desc, eq, getTableColumns, ilike, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaperRole } from '../../shared/papers/paper-permissions';
import type { Db } from '../db/database';
import { preparedStatement } from '../db/prepared-statement';
import { paperMembers, papers, user } from '../db/schema';

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

/** A paper as one user may reach it: the row and that user's role on it. */
export type AccessiblePaper = PaperRow & { role: PaperRole };

/**
 * Reading a paper is the most frequent request: its statement is parsed and planned once per
 * connection, on PGlite as on PostgreSQL (`preparedStatement`). It finds the paper with the
 * asking user's role in the same query (owner, or their membership); what the role allows is
 * the policy's to decide (src/server/policies/paper-policy.ts).
 */
const findAccessiblePaperStatement = preparedStatement(
  'find_accessible_paper',
  `select p.*, case when p.owner_id = $2::text then 'owner' else m.role end as access_role
    from "papers" p
    left join "paper_members" m on m.paper_id = p.id and m.user_id = $2::text
    where p.id = $1::uuid and (p.owner_id = $2::text or m.user_id is not null)`,
  ['id', 'userId'],
);

/** A paper neither owned by nor shared with the user simply does not exist for them. */
export async function findAccessiblePaper(
  db: Db,
  userId: string,
  id: string,
): Promise<AccessiblePaper | undefined> {
  const [raw] = await findAccessiblePaperStatement(db, { id, userId });
  if (!raw) return undefined;
  return { ...toPaperRow(raw), role: raw.access_role as PaperRole };
}

/** The papers a user owns or was given, newest first; shared ones name their owner. */
export async function listAccessiblePapers(db: Db, userId: string, search: string | undefined) {
  const member = alias(paperMembers, 'member');
  const conditions = [
    or(eq(papers.ownerId, userId), isNotNull(member.userId)),
    eq(papers.status, 'active'),
  ];
  const query = search?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    conditions.push(
      or(
        ilike(papers.title, pattern),
        ilike(papers.description, pattern),
        ilike(papers.field, pattern),
      ),
    );
  }
  const rows = await db
    .select({
      id: papers.id,
      title: papers.title,
      type: papers.type,
      description: papers.description,
      field: papers.field,
      createdAt: papers.createdAt,
      updatedAt: papers.updatedAt,
      ownerId: papers.ownerId,
      ownerName: user.name,
      memberRole: member.role,
    })
    .from(papers)
    .leftJoin(member, and(eq(member.paperId, papers.id), eq(member.userId, userId)))
    .innerJoin(user, eq(user.id, papers.ownerId))
    .where(and(...conditions))
    .orderBy(desc(papers.updatedAt));
  return rows.map(({ memberRole, ...row }) => ({
    ...row,
    role: (row.ownerId === userId ? 'owner' : memberRole) as PaperRole,
  }));
}

export async function insertPaper(db: Db, ownerId: string, values: PaperInsert) {
  const [row] = await db
    .insert(papers)
    .values({ ...values, ownerId })
    .returning();
  if (!row) throw new Error('Paper insert returned no row');
  return row;
}

/** Deletes a paper (the policy has allowed it: only its owner may). */
export async function deletePaper(db: Db, paper: Pick<PaperRow, 'id' | 'ownerId'>) {
  const rows = await db
    .delete(papers)
    .where(and(eq(papers.id, paper.id), eq(papers.ownerId, paper.ownerId)))
    .returning({ id: papers.id });
  return rows.length > 0;
}

/**
 * Sets a paper's citation style without touching `updated_at`: it is a setting, not an edit,
 * so an editor holding the paper keeps saving without a conflict.
 */
export async function setCitationStyle(
  db: Db,
  id: string,
  citationStyle: string,
): Promise<boolean> {
  const rows = await db
    .update(papers)
    .set({ citationStyle })
    .where(eq(papers.id, id))
    .returning({ id: papers.id });
  return rows.length > 0;
}
