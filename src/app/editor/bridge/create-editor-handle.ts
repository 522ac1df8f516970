import type { Editor } from '@tiptap/core';
import { insertBlocks } from '../commands/insert-blocks';
import { insertCitation } from '../commands/insert-citation';
import { insertReferenceList } from '../commands/insert-reference-list';
import { replaceDocument } from '../commands/replace-document';
import { selectionOrParagraphText } from '../commands/selection-text';
import type { CitationRegistry } from '../citations/citation-registry';
import { serializeDocument } from '../markdown-io';
import type { EditorHandle } from './editor-handle';

/** The handle other features get for one editor; `onCitationsAdded` marks the paper changed. */
export function createEditorHandle(
  editor: Editor,
  citations: CitationRegistry,
  onCitationsAdded: () => void,
): EditorHandle {
  return {
    insertCitation: (refIds) => insertCitation(editor, refIds),
    insertReferenceList: (markdown) => insertReferenceList(editor, markdown),
    insertBlocks: (markdown) => insertBlocks(editor, markdown),
    getMarkdown: () => serializeDocument(editor.state.doc),
    getSelectionOrParagraphText: () => selectionOrParagraphText(editor),
    addCitedWorks: (works) => {
      if (citations.add(works)) onCitationsAdded();
    },
    replaceDocument: (markdown) => replaceDocument(editor, markdown),
    mergeAcceptedCitations: (works) => citations.merge(works),
  };
}
