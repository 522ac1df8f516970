import { Node, type AnyExtension, type NodeViewRenderer } from '@tiptap/core';
import { Dropcursor, Gapcursor, Placeholder, UndoRedo } from '@tiptap/extensions';
import type * as Y from 'yjs';
import { documentExtensions } from '../../../shared/document';
import { DOCUMENT_FIELD } from '../../../shared/document/live/y-document';
import { AuthorProvenance } from '../live/author-provenance';
import { InlineNodeMarksSync } from '../live/inline-node-marks-sync';
import { LiveCollaboration } from '../live/live-collaboration';
import { TypingInPlace } from '../live/typing-in-place';
import { collaborationCarets } from '../../presence/carets';
import type { Awareness } from 'y-protocols/awareness';
import { citationKeys } from '../citations/citation-keys';
import { BibliographyView } from './bibliography-view';
import { CaretBlock } from './caret-block';
import { CitationSpacing } from './citation-spacing';
import { CodeBlockView } from './code-block-view';
import { commentPopupTrigger } from './comment-popup-trigger';
import type { EditorEnvironment } from './editor-environment';
import { EditingKeymap } from './editing-keymap';
import { EquationView } from './equation-view';
import { HeadingNumbers } from './heading-numbers';
import { ImageView } from './image-view';
import { markdownInputRules } from './input-rules';
import { PasteCleanup } from './paste-cleanup';
import { ReferenceConversion } from './reference-conversion';
import { ReferenceView } from './reference-view';
import { sectionMenuTrigger } from './section-menu-trigger';

export const EMPTY_DOCUMENT_PLACEHOLDER = 'This paper is empty. Start writing here…';

function nodeViews(environment: EditorEnvironment): Record<string, NodeViewRenderer> {
  return {
    inlineEquation: (props) => new EquationView(props, environment, false),
    blockEquation: (props) => new EquationView(props, environment, true),
    codeBlock: (props) => new CodeBlockView(props, environment),
    image: (props) => new ImageView(props),
    reference: ({ node, view }) => new ReferenceView(node, view, environment),
    bibliography: ({ node }) => new BibliographyView(node, environment.citations),
  };
}

/**
 * The browser editor: the shared document extensions (so the schema and the markdown stay
 * those of every other reader of papers) with views added, plus editing behaviour. Given a
 * live document, the editor is bound to it (Tiptap's collaboration extension) and undo is
 * Yjs's, per user: it undoes only this tab's changes, never another writer's.
 */
export function createEditorExtensions(
  environment: EditorEnvironment,
  live?: Y.Doc,
  /** The live document's presence: co-authors' carets are shown with it. */
  awareness?: Awareness | null,
): AnyExtension[] {
  const views = nodeViews(environment);
  const document = documentExtensions.map((extension): AnyExtension => {
    const view = views[extension.name];
    return view && extension instanceof Node
      ? extension.extend({ addNodeView: () => view })
      : extension;
  });
  return [
    ...document,
    ...(live
      ? [
          LiveCollaboration.configure({ document: live, field: DOCUMENT_FIELD }),
          TypingInPlace,
          InlineNodeMarksSync,
          AuthorProvenance.configure({ author: () => environment.author?.() ?? null }),
          ...(awareness ? [collaborationCarets(awareness)] : []),
        ]
      : [UndoRedo]),
    Dropcursor,
    Gapcursor,
    Placeholder.configure({ placeholder: EMPTY_DOCUMENT_PLACEHOLDER }),
    EditingKeymap,
    CaretBlock,
    HeadingNumbers,
    ReferenceConversion,
    CitationSpacing,
    citationKeys(environment),
    PasteCleanup,
    commentPopupTrigger(environment),
    sectionMenuTrigger(environment),
    markdownInputRules(environment),
  ];
}
