import { and, eq } from 'drizzle-orm';
import type { CitedWork } from '../../shared/citations/work';
import type { Db } from '../db/database';
import { papers } from '../db/schema';
import { notFound } from '../http/http-error';

function refIdOf(entry: unknown): string | undefined {
  const refId = (entry as { refId?: unknown } | null)?.refId;
  return typeof refId === 'string' ? refId : undefined;
}

/**
 * Adds works to a paper's stored citations and refreshes the annotation (certainty, reasoning,
 * evidence) of those already there. This is metadata about the paper's citations, not an edit
 * of the paper: `updated_at` and the history are left alone, so an editor open on the paper
 * does not meet a conflict at its next save. Answers the stored list after the change.
 */
export async function annotatePaperCitations(
  db: Db,
  ownerId: string,
  paperId: string,
  works: readonly CitedWork[],
): Promise<unknown[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ citations: papers.citations })
      .from(papers)
      .where(and(eq(papers.id, paperId), eq(papers.ownerId, ownerId)))
      .for('update');
    if (!row) throw notFound('Paper');
    const citations = Array.isArray(row.citations) ? [...row.citations] : [];
    const positions = new Map<string, number>();
    citations.forEach((entry, index) => {
      const refId = refIdOf(entry);
      if (refId) positions.set(refId, index);
    });
    for (const work of works) {
      const at = positions.get(work.refId);
      if (at === undefined) {
        positions.set(work.refId, citations.length);
        citations.push(work);
      } else {
        citations[at] = {
          ...(citations[at] as object),
          certainty: work.certainty,
          reasoning: work.reasoning,
          evidence: work.evidence,
          check_method: work.check_method ?? null,
          checked_claim: work.checked_claim ?? null,
        };
      }
    }
    await tx.update(papers).set({ citations }).where(eq(papers.id, paperId));
    return citations;
  });
}
