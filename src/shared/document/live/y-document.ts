import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import {
  prosemirrorToYXmlFragment,
  updateYFragment,
  yXmlFragmentToProseMirrorRootNode,
} from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { parseMarkdown, schema, serializeMarkdown } from '../schema';
import { carryProvenance } from '../provenance/carry-provenance';
import { withMarksFromAttributes, withMarksInAttributes } from './inline-node-marks';

/**
 * The live document's content is one Y.XmlFragment of the headless schema. The name is the
 * one Tiptap's collaboration extension binds to by default, so the editor and the server
 * read the same fragment.
 */
export const DOCUMENT_FIELD = 'default';

/**
 * Bumped whenever the schema changes in a way an older editor would write wrongly (a node or
 * attribute it does not know): the server refuses clients on another version and they reload.
 */
export const DOCUMENT_SCHEMA_VERSION = 2;

export function documentFragment(ydoc: Y.Doc): Y.XmlFragment {
  return ydoc.getXmlFragment(DOCUMENT_FIELD);
}

/** The Y document's content as a ProseMirror document of the headless schema. */
export function yDocToNode(ydoc: Y.Doc): ProseMirrorNode {
  return withMarksFromAttributes(
    yXmlFragmentToProseMirrorRootNode(documentFragment(ydoc), schema),
    schema,
  );
}

/** The canonical markdown of the Y document (what papers.content keeps). */
export function yDocToMarkdown(ydoc: Y.Doc): string {
  return serializeMarkdown(yDocToNode(ydoc));
}

/** A new Y document holding the markdown, for a paper's first opening as a live document. */
export function markdownToYDoc(markdown: string): Y.Doc {
  const ydoc = new Y.Doc();
  prosemirrorToYXmlFragment(
    withMarksInAttributes(parseMarkdown(markdown), schema),
    documentFragment(ydoc),
  );
  return ydoc;
}

/**
 * Makes the Y document hold `doc` through the smallest change y-prosemirror's diff finds:
 * unchanged blocks are kept as they are, a changed paragraph is edited as text. Text another
 * writer inserted concurrently (an update not yet merged when `doc` was computed) therefore
 * stays, next to the new text. The text `doc` shares with the document keeps its provenance
 * (docs/provenance.md). `origin` marks the transaction (undo managers, logging).
 */
export function applyNode(ydoc: Y.Doc, doc: ProseMirrorNode, origin: unknown): void {
  ydoc.transact(() => {
    const next = carryProvenance(yDocToNode(ydoc), doc);
    updateYFragment(ydoc, documentFragment(ydoc), withMarksInAttributes(next, schema), {
      mapping: new Map(),
      isOMark: new Map(),
    });
  }, origin);
}

export function applyMarkdown(ydoc: Y.Doc, markdown: string, origin: unknown): void {
  applyNode(ydoc, parseMarkdown(markdown), origin);
}
