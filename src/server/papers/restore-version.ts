import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { findVersion } from './history-store';
import { findOwnedPaper, type PaperRow } from './paper-store';
import { savePaper } from './save-paper';

/**
 * Restoring is a save whose new state is an old version: the current state goes to history
 * first (as the confirmation tells the user), so a restore can itself be undone.
 */
export async function restoreVersion(
  db: Db,
  request: { ownerId: string; userName: string; paperId: string; historyId: string },
): Promise<{ paper: PaperRow; restoredFromVersion: number }> {
  const paper = await findOwnedPaper(db, request.ownerId, request.paperId);
  if (!paper) throw notFound('Paper');
  const version = await findVersion(db, paper.id, request.historyId);
  if (!version) throw notFound('Version');
  const restored = await savePaper(db, {
    ownerId: request.ownerId,
    userName: request.userName,
    paperId: paper.id,
    comment: `Before restoring version ${version.versionNumber}`,
    changes: {
      title: version.title,
      type: version.type,
      description: version.description,
      methodology: version.methodology,
      field: version.field,
      content: version.content,
      citations: version.citations,
    },
  });
  return { paper: restored, restoredFromVersion: version.versionNumber };
}
