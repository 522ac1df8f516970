import type { CurrentUser } from '../auth/current-user';
import type { Db } from '../db/database';
import { findAccessiblePaper } from '../papers/paper-store';
import { can } from '../policies/paper-policy';

/** What a connection may do with a paper's live document. */
export type LiveDocumentAccess = 'edit' | 'read' | 'none';

/**
 * Asked when a client connects and before each of its messages; the answer is the paper
 * policy's (docs/sharing.md): an editor writes, a viewer or commenter reads (their socket is
 * read-only), anyone else is refused as if the paper did not exist.
 */
export async function liveDocumentAccess(
  db: Db,
  user: CurrentUser,
  paperId: string,
): Promise<LiveDocumentAccess> {
  const paper = await findAccessiblePaper(db, user.id, paperId);
  if (!paper) return 'none';
  if (can(paper.role, 'edit')) return 'edit';
  return can(paper.role, 'read') ? 'read' : 'none';
}
