import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import type { PlannedPlace } from '../../../shared/ai/locate-section';
import { mergeSectionIntoFragment } from '../../../shared/ai/section-merge/merge-into-fragment';
import {
  mergeSection,
  type SectionMergeOutcome,
} from '../../../shared/ai/section-merge/merge-section';
import {
  withProvenance,
  type ProvenanceAttrs,
} from '../../../shared/document/provenance/provenance';
import { schema } from '../../../shared/document/schema';
import { PROVENANCE_SET_META } from '../live/author-provenance';

/**
 * Transaction meta saying the new text's citations were checked already (a section rewrite's),
 * so the chunk analysis does not check them again.
 */
export const CITATIONS_CHECKED_META = 'citationsChecked';

export interface SectionResultInput {
  /** Where the section was when the AI was asked. */
  place: PlannedPlace;
  /** The section's body (markdown) when the AI was asked: all the result may replace. */
  baseMarkdown: string;
  /** The AI's new body. */
  newMarkdown: string;
  /** The feature and model that wrote it, kept on the new text (docs/provenance.md). */
  provenance?: ProvenanceAttrs;
}

/**
 * Puts an AI result in place of a section as the writing process's Save does (issue 32, item
 * 4): merged against the section as it was when the AI was asked, on the live document's
 * fragment in one Yjs transaction, so what anyone typed into the section since stays beside
 * the new text and typing still on its way is rescued (`shared/ai/section-merge`). The
 * transaction's origin is the binding's own, so it is this tab's edit: one undo step, and the
 * paper has unsaved changes.
 */
export function mergeSectionResult(editor: Editor, input: SectionResultInput): SectionMergeOutcome {
  const sync = ySyncPluginKey.getState(editor.state) as { type?: Y.XmlFragment } | undefined;
  if (sync?.type) {
    return mergeSectionIntoFragment(sync.type, input, ySyncPluginKey, input.provenance ?? null);
  }
  return mergeIntoEditorDocument(editor, input);
}

/** The same merge as one ProseMirror transaction, for an editor without a live document. */
function mergeIntoEditorDocument(editor: Editor, input: SectionResultInput): SectionMergeOutcome {
  const { doc } = editor.state;
  // The merge reads blocks on the shared schema; the editor's nodes are of its own.
  const outcome = mergeSection({ ...input, doc: schema.nodeFromJSON(doc.toJSON()) });
  if (outcome.status !== 'merged') return outcome;
  const { range, blocks } = outcome.merge;
  const body: ProseMirrorNode[] = blocks.map((block) =>
    block.kind === 'kept'
      ? doc.child(block.index)
      : editor.schema.nodeFromJSON(
          (input.provenance
            ? withProvenance(block.node, input.provenance, schema)
            : block.node
          ).toJSON(),
        ),
  );
  let from = 0;
  for (let index = 0; index < range.from; index++) from += doc.child(index).nodeSize;
  let to = from;
  for (let index = range.from; index < range.to; index++) to += doc.child(index).nodeSize;
  const tr = editor.state.tr
    .replaceWith(from, to, body)
    .setMeta(CITATIONS_CHECKED_META, true)
    .setMeta(PROVENANCE_SET_META, Boolean(input.provenance));
  editor.view.dispatch(tr.scrollIntoView());
  return outcome;
}
