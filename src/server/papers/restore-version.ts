import type { LiveReplacement } from '../collaboration/live-documents';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { findVersion, reviseVersionContent } from './history-store';
import { authorize, authorizedPaper, type Actor } from '../policies/paper-policy';
import type { PaperRow } from './paper-store';
import { savePaper } from './save-paper';

/** The live document as a restore sees it: its text now, and the version's text applied. */
export interface RestoreTarget {
  markdown(): Promise<string>;
  replace(content: string): Promise<LiveReplacement>;
}

/**
 * Restoring is a save whose new state is an old version: the current state goes to history
 * first (as the confirmation tells the user), so a restore can itself be undone. The history
 * keeps the live text, unsaved typing included (the last saved text would lose it), and is
 * written *before* the live document changes: a crash between the two leaves an extra version
 * and the live text as it was (papers.content, which the list, search and exports read, holds
 * the version's text until the paper's next change is compacted), never the replaced text
 * nowhere. Typing that reached the live document between its reading and the change is put
 * into that version afterwards.
 */
export async function restoreVersion(
  db: Db,
  request: { actor: Actor; userName: string; paperId: string; historyId: string },
  live: RestoreTarget,
): Promise<{ paper: PaperRow; content: string; restoredFromVersion: number }> {
  const paper = await authorizedPaper(db, request.actor, 'edit', request.paperId);
  const version = await findVersion(db, paper.id, request.historyId);
  if (!version) throw notFound('Version');
  // A version whose properties differ from today's changes them back: the owner's to do.
  const propertiesChange = (['type', 'description', 'methodology', 'field'] as const).some(
    (field) => version[field] !== paper[field],
  );
  if (propertiesChange) authorize(request.actor, 'manage', paper);
  const before = await live.markdown();
  const comment = `Before restoring version ${version.versionNumber}`;
  const restored = await savePaper(db, {
    paper,
    userName: request.userName,
    comment,
    keptContent: before,
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
  // The change's compaction writes papers.content with the live text after it (typing on its
  // way may have merged in).
  const { replaced, markdown } = await live.replace(version.content);
  if (replaced !== before) {
    if (restored.keptVersion !== null) {
      await reviseVersionContent(db, paper.id, restored.keptVersion, replaced);
    } else {
      await savePaper(db, {
        paper,
        userName: request.userName,
        comment,
        keptContent: replaced,
        changes: { content: markdown },
      });
    }
  }
  return {
    paper: { ...restored, content: markdown },
    content: markdown,
    restoredFromVersion: version.versionNumber,
  };
}
