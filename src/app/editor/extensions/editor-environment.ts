import type { Author } from '../../../shared/document/provenance/provenance';
import type { CitationRegistry } from '../citations/citation-registry';

/** A value the user edits in a dialog; `save` writes it back into the document. */
export interface EditRequest {
  value: string;
  save(value: string): void;
  /** The dialog's title when it creates rather than edits ('Insert Mermaid Diagram'). */
  title?: string;
}

export interface CommentEditRequest {
  value: string;
  title?: string;
  /** The text to comment, while the comment is being added. */
  range?: { from: number; to: number };
  /**
   * Make the change in this editor (an editable one). A read-only editor has neither: a
   * commenter's change is made by the server in the live document (docs/sharing.md).
   */
  save?: (value: string) => void;
  remove?: () => void;
  /**
   * Which comment with this note it is, in document order (its thread is found by note and
   * this count: docs/sharing.md, 'Comments'). Absent while the comment is being added.
   */
  occurrence?: number;
}

/** A click on a numbered heading's menu button: which section, and where to open the menu. */
export interface SectionMenuRequest {
  /** Which top-level heading of the document (0-based): display numbers repeat, this does not. */
  heading: number;
  sectionNumber: string;
  /** The heading's ✦ button: the menu opens at it and gives the focus back to it. */
  button: HTMLElement;
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
  /** The section menu of a numbered heading (000 §2.3); without it headings have no menu button. */
  openSectionMenu?(request: SectionMenuRequest): void;
  /** The person at the keyboard, whose typing and pasting is marked as theirs (docs/provenance.md). */
  author?(): Author | null;
}
