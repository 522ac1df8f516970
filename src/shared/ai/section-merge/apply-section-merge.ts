/**
 * Applying a section merge (`merge-section.ts`) as the smallest change: the replaced top-level
 * blocks are deleted, the new ones inserted between the kept ones, and nothing else is touched.
 * On a Y.XmlFragment (the live document) this is one transaction of deletes and inserts, so a
 * person typing in a kept block or anywhere outside the section merges with it; on a
 * ProseMirror document (a preview, a test) it gives the same result.
 */
import { Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { withMarksInAttributes } from '../../document/live/inline-node-marks';
import { withProvenance, type ProvenanceAttrs } from '../../document/provenance/provenance';
import { schema } from '../../document/schema';
import type { SectionMerge } from './merge-section';
import { guardReplacedBlocks } from './rescue-typing';

/** The document with the merge applied. */
export function applySectionMergeToDoc(doc: ProseMirrorNode, merge: SectionMerge): ProseMirrorNode {
  const { from, to } = merge.range;
  const children: ProseMirrorNode[] = [];
  doc.forEach((child, _offset, index) => {
    if (index < from) children.push(child);
  });
  for (const block of merge.blocks) {
    children.push(block.kind === 'new' ? block.node : doc.child(block.index));
  }
  doc.forEach((child, _offset, index) => {
    if (index >= to) children.push(child);
  });
  return doc.copy(Fragment.from(children));
}

/** The Yjs form of top-level blocks, not yet part of any document, as the binding writes them. */
function yBlocks(
  nodes: readonly ProseMirrorNode[],
  provenance: ProvenanceAttrs | null,
): Y.XmlElement[] {
  const scratch = new Y.Doc();
  const fragment = scratch.getXmlFragment('blocks');
  const doc = schema.node('doc', null, nodes);
  // Inline nodes carry their marks in an attribute through Yjs, as the live document does.
  prosemirrorToYXmlFragment(
    withMarksInAttributes(provenance ? withProvenance(doc, provenance, schema) : doc, schema),
    fragment,
  );
  return fragment.toArray().map((element) => (element as Y.XmlElement).clone());
}

/**
 * Applies the merge to the live document's fragment; the merge must have been computed from
 * this fragment's current content (read in the same transaction). Call it inside
 * `doc.transact` to give the change its origin.
 */
export function applySectionMergeToFragment(
  fragment: Y.XmlFragment,
  merge: SectionMerge,
  /** Who wrote the new blocks (docs/provenance.md); the kept ones keep theirs. */
  provenance: ProvenanceAttrs | null = null,
): void {
  const apply = () => {
    const guard = guardReplacedBlocks(
      fragment,
      merge.replaced.map((index) => fragment.get(index)),
    );
    // Deleting from the last keeps the earlier indexes valid.
    for (const index of [...merge.replaced].reverse()) fragment.delete(index, 1);
    // Now the kept blocks sit one after another from `from`: insert the new ones around them.
    let at = merge.range.from;
    let pending: ProseMirrorNode[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      fragment.insert(at, yBlocks(pending, provenance));
      at += pending.length;
      pending = [];
    };
    for (const block of merge.blocks) {
      if (block.kind === 'new') {
        pending.push(block.node);
      } else {
        flush();
        at++;
      }
    }
    flush();
    guard(merge.range.from + merge.rescueAt);
  };
  if (fragment.doc) fragment.doc.transact(apply);
  else apply();
}
