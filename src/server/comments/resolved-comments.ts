import { commentNotes, removeComments } from '../../shared/document/comment-notes';
import type { Db } from '../db/database';
import { resolvedAnchors } from './comment-store';

/**
 * A paper's markdown without its resolved comments, for exports. Threads are matched to the
 * document's comments by note, in order: with two comments of the same note and one of their
 * threads resolved, only as many of them are left out as threads were resolved.
 */
export async function withoutResolvedComments(
  db: Db,
  paper: { id: string; content: string },
): Promise<string> {
  if (!paper.content.includes('[[')) return paper.content;
  const resolved = await resolvedAnchors(db, paper.id);
  if (resolved.length === 0) return paper.content;
  const left = new Map<string, number>();
  for (const anchor of resolved) left.set(anchor, (left.get(anchor) ?? 0) + 1);
  // Counted against the document's comments so a resolved note matches its first occurrences.
  const seen = new Map<string, number>();
  const notes = commentNotes(paper.content);
  const removeAt = new Set<number>();
  notes.forEach((note, index) => {
    const count = (seen.get(note) ?? 0) + 1;
    seen.set(note, count);
    if (count <= (left.get(note) ?? 0)) removeAt.add(index);
  });
  return removeComments(paper.content, (_note, index) => removeAt.has(index));
}
