import type { SectionMergeOutcome } from '../../../shared/ai/section-merge/merge-section';
import type { CitedWork } from '../../../shared/citations/work';
import type { ProvenanceAttrs } from '../../../shared/document/provenance/provenance';
import type { SectionResultInput } from '../commands/merge-section-result';

/**
 * What other features (the References pane, citation tools, rewrite dialogs) may do with the
 * open paper's editor. Every method acts on the editor's current state; none saves.
 */
export interface EditorHandle {
  /** Inserts one citation of `refIds` at the cursor (merged into a citation right before it). */
  insertCitation(refIds: string[]): void;
  /**
   * Adds a reference list (`[xref_…] text` lines) as blocks of their own after the block holding
   * the cursor, under a 'References' heading when the paper has none.
   */
  insertReferenceList(markdown: string): void;
  /**
   * Adds the blocks of `markdown` (e.g. a figure and a Results paragraph from a data analysis)
   * after the block holding the cursor, as one undoable edit; an AI result's provenance stays
   * on them.
   */
  insertBlocks(markdown: string, provenance?: ProvenanceAttrs): void;
  /** The whole document as canonical markdown. */
  getMarkdown(): string;
  /** The selected text, or the text of the paragraph holding the cursor when nothing is selected. */
  getSelectionOrParagraphText(): string;
  /**
   * Adds works to the paper's citation list (saved with the paper) so their ids render as
   * in-text labels. Works already listed under the same refId are left as they are.
   */
  addCitedWorks(works: CitedWork[]): void;
  /**
   * Puts an AI result in place of a section's body as it was when the AI was asked (a section
   * rewrite accepted with OK), merged so that text typed into the section since stays beside
   * it; one undoable edit of the user's, and the paper then has unsaved changes.
   */
  mergeSectionResult(input: SectionResultInput): SectionMergeOutcome;
  /** Takes works the user accepted into the paper (a rewrite's checked citations), to be saved. */
  mergeAcceptedCitations(works: CitedWork[]): void;
}
