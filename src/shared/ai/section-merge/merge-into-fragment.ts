/**
 * A section merge read from and applied to the live document in one Yjs transaction, so no
 * other change can come between what the merge saw and what it changes.
 */
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { withMarksFromAttributes } from '../../document/live/inline-node-marks';
import type { ProvenanceAttrs } from '../../document/provenance/provenance';
import { schema } from '../../document/schema';
import { applySectionMergeToFragment } from './apply-section-merge';
import { mergeSection, type SectionMergeInput, type SectionMergeOutcome } from './merge-section';

/** The document the fragment holds, on the shared schema. */
export function fragmentDocument(fragment: Y.XmlFragment) {
  const doc = withMarksFromAttributes(yXmlFragmentToProseMirrorRootNode(fragment, schema), schema);
  // The merge names blocks by their top-level index: both sides must count alike.
  if (doc.childCount !== fragment.length) {
    throw new Error('The live document holds blocks the schema does not know');
  }
  return doc;
}

/**
 * Merges the AI's section body into the fragment; `origin` is the transaction's origin (who
 * wrote, for undo managers and the persistence), `provenance` what the new text is marked with.
 */
export function mergeSectionIntoFragment(
  fragment: Y.XmlFragment,
  input: Omit<SectionMergeInput, 'doc'>,
  origin: unknown = null,
  /** The AI feature and model that wrote the new text, kept on it in the live document. */
  provenance: ProvenanceAttrs | null = null,
): SectionMergeOutcome {
  let outcome: SectionMergeOutcome = { status: 'missing' };
  const run = () => {
    outcome = mergeSection({ ...input, doc: fragmentDocument(fragment) });
    if (outcome.status === 'merged')
      applySectionMergeToFragment(fragment, outcome.merge, provenance);
  };
  if (fragment.doc) fragment.doc.transact(run, origin);
  else run();
  return outcome;
}
