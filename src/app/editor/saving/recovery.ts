import type { Paper } from '../../../shared/papers/paper';
import { sameDraft, type Draft } from './draft';
import type { LocalDraft } from './local-draft';

/** Unsaved text found when a paper opens, to offer in 'Compare Versions'. */
export interface Recovery {
  saved: Draft;
  unsaved: Draft;
}

function serverAutosave(paper: Paper): Draft | null {
  if (paper.autosave_title === null && paper.autosave_content === null) return null;
  return {
    title: paper.autosave_title ?? paper.title,
    content: paper.autosave_content ?? paper.content,
  };
}

/**
 * Spec 002 §4: unsaved text that differs from the saved paper is offered for comparison. It
 * comes from this browser's draft (written on every change, so it survives a closed or
 * crashed tab) or the server's autosave (written every 30 s, from any browser), whichever
 * was written last; when that one equals the saved paper, nothing is unsaved.
 */
export function findRecovery(paper: Paper, local: LocalDraft | null): Recovery | null {
  const saved = { title: paper.title, content: paper.content };
  const autosave = serverAutosave(paper);
  const localIsNewer =
    local !== null && (paper.autosaved_at === null || local.writtenAt >= paper.autosaved_at);
  const latest = localIsNewer ? local : (autosave ?? local);
  if (!latest || sameDraft(saved, latest)) return null;
  return { saved, unsaved: { title: latest.title, content: latest.content } };
}
