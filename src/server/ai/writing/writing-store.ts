import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { writingSections, type WritingSectionStatus } from '../../db/schema';

export type WritingSectionRow = typeof writingSections.$inferSelect;

export interface PlannedSection {
  /** Index in `splitSections(paper.content)`: what identifies the section. */
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  sectionLevel: number;
  customInstructions: { instructions: string; systemPrompt: string } | null;
  /** The section's body when the job began (`writing_sections.base_content`). */
  baseContent: string;
}

/** The job's sections in writing order, all pending; a second call changes nothing. */
export async function insertWritingSections(
  db: Db,
  jobId: string,
  sections: readonly PlannedSection[],
): Promise<void> {
  await db
    .insert(writingSections)
    .values(sections.map((section, position) => ({ jobId, position, ...section })))
    .onConflictDoNothing();
}

/** A job's sections in writing order. Callers have checked that the job is the user's. */
export async function listWritingSections(db: Db, jobId: string): Promise<WritingSectionRow[]> {
  return db
    .select()
    .from(writingSections)
    .where(eq(writingSections.jobId, jobId))
    .orderBy(asc(writingSections.position));
}

export async function updateWritingSection(
  db: Db,
  jobId: string,
  position: number,
  changes: Partial<{
    status: WritingSectionStatus;
    content: string;
    citations: unknown[];
    flags: unknown[];
    error: string | null;
    startedAt: Date | null;
    completedAt: Date | null;
  }>,
): Promise<void> {
  await db
    .update(writingSections)
    .set(changes)
    .where(and(eq(writingSections.jobId, jobId), eq(writingSections.position, position)));
}
