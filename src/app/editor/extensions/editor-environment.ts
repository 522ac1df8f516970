import type { CitationRegistry } from '../citations/citation-registry';

/** A value the user edits in a dialog; `save` writes it back into the document. */
export interface EditRequest {
  value: string;
  save(value: string): void;
}

export interface CommentEditRequest extends EditRequest {
  remove(): void;
}

/**
 * What the editor's node views need from the React side: the paper's citations and the
 * dialogs they open. One object per editor, so the extensions are built once.
 */
export interface EditorEnvironment {
  citations: CitationRegistry;
  editEquation(request: EditRequest): void;
  editMermaid(request: EditRequest): void;
  editComment(request: CommentEditRequest): void;
  /** A click on one work's label in an in-text citation (the reference modal hooks in here). */
  openCitation(refId: string): void;
}
