import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { MemberRole } from '../../shared/papers/paper-permissions';
import type { Db } from '../db/database';
import { paperInvitations, papers, user } from '../db/schema';

export type InvitationRow = Omit<typeof paperInvitations.$inferSelect, 'tokenHash'>;

const publicColumns = {
  id: paperInvitations.id,
  paperId: paperInvitations.paperId,
  role: paperInvitations.role,
  createdBy: paperInvitations.createdBy,
  expiresAt: paperInvitations.expiresAt,
  maxUses: paperInvitations.maxUses,
  uses: paperInvitations.uses,
  revokedAt: paperInvitations.revokedAt,
  createdAt: paperInvitations.createdAt,
};

/** 32 random bytes: a link cannot be guessed, and only its hash is stored. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createInvitation(
  db: Db,
  values: {
    paperId: string;
    role: MemberRole;
    createdBy: string;
    expiresAt: Date;
    maxUses: number;
  },
): Promise<{ token: string; invitation: InvitationRow }> {
  const token = newToken();
  const [row] = await db
    .insert(paperInvitations)
    .values({ ...values, tokenHash: tokenHash(token) })
    .returning(publicColumns);
  if (!row) throw new Error('Invitation insert returned no row');
  return { token, invitation: row };
}

export async function listInvitations(db: Db, paperId: string): Promise<InvitationRow[]> {
  return db
    .select(publicColumns)
    .from(paperInvitations)
    .where(eq(paperInvitations.paperId, paperId))
    .orderBy(desc(paperInvitations.createdAt));
}

export async function revokeInvitation(db: Db, paperId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(paperInvitations)
    .set({ revokedAt: sql`coalesce(${paperInvitations.revokedAt}, now())` })
    .where(and(eq(paperInvitations.id, id), eq(paperInvitations.paperId, paperId)))
    .returning({ id: paperInvitations.id });
  return rows.length > 0;
}

/** An invitation by its token, with what the person opening it is shown. */
export async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({
      ...publicColumns,
      paperTitle: papers.title,
      ownerId: papers.ownerId,
      ownerName: user.name,
    })
    .from(paperInvitations)
    .innerJoin(papers, eq(papers.id, paperInvitations.paperId))
    .innerJoin(user, eq(user.id, papers.ownerId))
    .where(eq(paperInvitations.tokenHash, tokenHash(token)));
  return row;
}

/**
 * Takes one use of a link, in one statement so two people accepting the last use at once
 * cannot both get it: only a link not revoked, not expired and not used up is counted.
 */
export async function takeInvitationUse(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(paperInvitations)
    .set({ uses: sql`${paperInvitations.uses} + 1` })
    .where(
      and(
        eq(paperInvitations.id, id),
        isNull(paperInvitations.revokedAt),
        gt(paperInvitations.expiresAt, sql`now()`),
        lt(paperInvitations.uses, paperInvitations.maxUses),
      ),
    )
    .returning({ id: paperInvitations.id });
  return rows.length > 0;
}
