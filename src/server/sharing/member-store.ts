import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../shared/papers/paper-permissions';
import type { Db } from '../db/database';
import { paperMembers, user } from '../db/schema';

/** The people a paper was shared with, oldest first, with their account's name and e-mail. */
export async function listMembers(db: Db, paperId: string) {
  return db
    .select({
      userId: paperMembers.userId,
      role: paperMembers.role,
      createdAt: paperMembers.createdAt,
      name: user.name,
      email: user.email,
    })
    .from(paperMembers)
    .innerJoin(user, eq(user.id, paperMembers.userId))
    .where(eq(paperMembers.paperId, paperId))
    .orderBy(asc(paperMembers.createdAt));
}

export async function findAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row;
}

export async function findAccountById(db: Db, id: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

/** Adds a member, or gives one already there the new role. */
export async function putMember(
  db: Db,
  member: { paperId: string; userId: string; role: MemberRole; addedBy: string },
): Promise<void> {
  await db
    .insert(paperMembers)
    .values(member)
    .onConflictDoUpdate({
      target: [paperMembers.paperId, paperMembers.userId],
      set: { role: member.role },
    });
}

/** Adds a member unless they already are one (an accepted link never changes a role). */
export async function addMemberIfNew(
  db: Db,
  member: { paperId: string; userId: string; role: MemberRole; addedBy: string },
): Promise<boolean> {
  const rows = await db
    .insert(paperMembers)
    .values(member)
    .onConflictDoNothing()
    .returning({ userId: paperMembers.userId });
  return rows.length > 0;
}

export async function setMemberRole(
  db: Db,
  paperId: string,
  userId: string,
  role: MemberRole,
): Promise<boolean> {
  const rows = await db
    .update(paperMembers)
    .set({ role })
    .where(and(eq(paperMembers.paperId, paperId), eq(paperMembers.userId, userId)))
    .returning({ userId: paperMembers.userId });
  return rows.length > 0;
}

export async function removeMember(db: Db, paperId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(paperMembers)
    .where(and(eq(paperMembers.paperId, paperId), eq(paperMembers.userId, userId)))
    .returning({ userId: paperMembers.userId });
  return rows.length > 0;
}
