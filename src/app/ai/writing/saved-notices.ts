import { keptEditsNotice } from '../../../shared/ai/ai-messages';
import type { SavedSection } from './api/writing-api';

/**
 * What the editor's alert area tells after Save: the sections whose heading was gone (not
 * written), and where text typed while the AI wrote was kept beside the new text (issue 32).
 * Null when there is nothing to tell.
 */
export function savedNotices(sections: readonly SavedSection[]): string | null {
  const missing = sections.filter((section) => section.status === 'missing');
  const kept = sections.filter((section) => section.status === 'merged' && section.keptEdits > 0);
  const lines: string[] = [];
  if (missing.length > 0) {
    lines.push(
      `These sections were no longer in the paper and were not saved: ${missing
        .map((section) => section.sectionTitle)
        .join(', ')}`,
    );
  }
  if (kept.length > 0) {
    lines.push(
      keptEditsNotice(kept.map((section) => `${section.sectionNumber} ${section.sectionTitle}`)),
    );
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
