import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { findVersion } from './history-store';
import { authorize, authorizedPaper, type Actor } from '../policies/paper-policy';
import type { PaperRow } from './paper-store';
import { savePaper } from './save-paper';

/**
 * Restoring is a save whose new state is an old version: the current state goes to history
 * first (as the confirmation tells the user), so a restore can itself be undone.
 */
export async function restoreVersion(
  db: Db,
  request: { actor: Actor; userName: string; paperId: string; historyId: string },
): Promise<{ paper: PaperRow; restoredFromVersion: number }> {
  const paper = await authorizedPaper(db, request.actor, 'edit', request.paperId);
  const version = await findVersion(db, paper.id, request.historyId);
  if (!version) throw notFound('Version');
  // A version whose properties differ from today's changes them back: the owner's to do.
  const propertiesChange = (['type', 'description', 'methodology', 'field'] as const).some(
    (field) => version[field] !== paper[field],
  );
  if (propertiesChange) authorize(request.actor, 'manage', paper);
  const restored = await savePaper(db, {
    paper,
    userName: request.userName,
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
