import type { Editor } from '@tiptap/core';
import { insertBlocks } from '../commands/insert-blocks';
import { insertCitation } from '../commands/insert-citation';
import { insertReferenceList } from '../commands/insert-reference-list';
import { mergeSectionResult } from '../commands/merge-section-result';
import { selectionOrParagraphText } from '../commands/selection-text';
import type { CitationRegistry } from '../citations/citation-registry';
import { serializeDocument } from '../markdown-io';
import type { EditorHandle } from './editor-handle';

/** The handle other features get for one editor; `onChanged` marks the paper changed. */
export function createEditorHandle(
  editor: Editor,
  citations: CitationRegistry,
  onChanged: () => void,
): EditorHandle {
  return {
    insertCitation: (refIds) => insertCitation(editor, refIds),
    insertReferenceList: (markdown) => insertReferenceList(editor, markdown),
    insertBlocks: (markdown, provenance) => insertBlocks(editor, markdown, provenance),
    getMarkdown: () => serializeDocument(editor.state.doc),
    getSelectionOrParagraphText: () => selectionOrParagraphText(editor),
    addCitedWorks: (works) => {
      if (citations.add(works)) onChanged();
    },
    mergeSectionResult: (input) => {
      const outcome = mergeSectionResult(editor, input);
      // Merged through the live document, the editor sees it as a change from Yjs: it is this
      // tab's edit all the same.
      if (outcome.status === 'merged') onChanged();
      return outcome;
    },
    mergeAcceptedCitations: (works) => citations.merge(works),
  };
}
