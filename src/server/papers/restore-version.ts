import type { LiveReplacement } from '../collaboration/live-documents';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { findVersion } from './history-store';
import { authorize, authorizedPaper, type Actor } from '../policies/paper-policy';
import type { PaperRow } from './paper-store';
import { savePaper } from './save-paper';

/**
 * Restoring is a save whose new state is an old version: the current state goes to history
 * first (as the confirmation tells the user), so a restore can itself be undone. The version's
 * text is applied to the live document by `applyToLive` (one change from its state now), and the
 * history keeps the live text that change replaced, unsaved typing included: the last saved
 * text would lose it.
 */
export async function restoreVersion(
  db: Db,
  request: { actor: Actor; userName: string; paperId: string; historyId: string },
  applyToLive: (content: string) => Promise<LiveReplacement>,
): Promise<{ paper: PaperRow; content: string; restoredFromVersion: number }> {
  const paper = await authorizedPaper(db, request.actor, 'edit', request.paperId);
  const version = await findVersion(db, paper.id, request.historyId);
  if (!version) throw notFound('Version');
  // A version whose properties differ from today's changes them back: the owner's to do.
  const propertiesChange = (['type', 'description', 'methodology', 'field'] as const).some(
    (field) => version[field] !== paper[field],
  );
  if (propertiesChange) authorize(request.actor, 'manage', paper);
  const live = await applyToLive(version.content);
  const restored = await savePaper(db, {
    paper,
    userName: request.userName,
    comment: `Before restoring version ${version.versionNumber}`,
    keptContent: live.replaced,
    changes: {
      title: version.title,
      type: version.type,
      description: version.description,
      methodology: version.methodology,
      field: version.field,
      // The live document's text after the change (typing on its way may have merged in).
      content: live.markdown,
      citations: version.citations,
    },
  });
  return { paper: restored, content: live.markdown, restoredFromVersion: version.versionNumber };
}
