import { Extension } from '@tiptap/core';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, type Transaction } from '@tiptap/pm/state';
import { PROVENANCE_MARK } from '../../../shared/document/marks/provenance';
import {
  editedProvenance,
  isAiSource,
  personProvenance,
  provenanceOf,
  type Author,
  type ProvenanceAttrs,
} from '../../../shared/document/provenance/provenance';

/**
 * Transaction meta: the transaction brings its own provenance (an AI result inserted by the
 * editor, this plugin's own marking); its content is not marked as the person's.
 */
export const PROVENANCE_SET_META = 'provenanceSet';

export interface AuthorProvenanceOptions {
  /** The person at the keyboard; null while unknown (nothing is marked). */
  author: () => Author | null;
}

/** The ranges of the new document that the local transactions inserted. */
function insertedRanges(transactions: readonly Transaction[]): [number, number][] {
  let ranges: [number, number][] = [];
  for (const tr of transactions) {
    const local = !isChangeOrigin(tr) && !tr.getMeta(PROVENANCE_SET_META);
    for (const map of tr.mapping.maps) {
      ranges = ranges
        .map(([from, to]): [number, number] => [map.map(from, 1), map.map(to, -1)])
        .filter(([from, to]) => to > from);
      if (!local) continue;
      map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
        if (newEnd > newStart) ranges.push([newStart, newEnd]);
      });
    }
  }
  return ranges;
}

function sameAttrs(a: ProvenanceAttrs | null, b: ProvenanceAttrs | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The provenance of the inline content just before `from` and just after `to`, in one block. */
function neighbours(doc: ProseMirrorNode, from: number, to: number) {
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const before = $from.nodeBefore ? provenanceOf($from.nodeBefore.marks) : null;
  const after = $to.nodeAfter ? provenanceOf($to.nodeAfter.marks) : null;
  return { before, after };
}

/**
 * What a person's insertion is, given what it carries now and what is around it. Typing
 * inherits the marks of the text it lands in: text carrying its neighbour's provenance was
 * typed (inside AI text it is the AI's text edited by the person); text carrying a provenance
 * of its own was moved or rebuilt and keeps it.
 */
function personalProvenance(
  current: ProvenanceAttrs | null,
  around: { before: ProvenanceAttrs | null; after: ProvenanceAttrs | null },
  author: Author,
  pasted: boolean,
): ProvenanceAttrs | null {
  if (pasted) return current ?? personProvenance('pasted', author);
  const inherited =
    current === null || sameAttrs(current, around.before) || sameAttrs(current, around.after);
  if (!inherited) return current;
  // Inside AI text (the AI's on both sides) it edits the AI's text; at its edge it is typed.
  const inside = isAiSource(around.before?.source) && isAiSource(around.after?.source);
  if (current && isAiSource(current.source) && inside) return editedProvenance(current, author);
  return personProvenance('typed', author);
}

/**
 * Marks what this person types as theirs, what they paste from outside the paper as pasted,
 * and their edits inside AI text as the AI's text edited by them (docs/provenance.md). Changes
 * that arrive through the live document (other tabs, co-authors, the server, Yjs undo) keep
 * the provenance they bring. The marking is appended to the person's own transaction, so it is
 * one undo step with it.
 */
export const AuthorProvenance = Extension.create<AuthorProvenanceOptions>({
  name: 'authorProvenance',
  addOptions: () => ({ author: () => null }),
  addProseMirrorPlugins() {
    return [authorProvenancePlugin(this.options.author)];
  },
});

export function authorProvenancePlugin(currentAuthor: () => Author | null): Plugin {
  return new Plugin({
    appendTransaction(transactions, _oldState, state) {
      const author = currentAuthor();
      const type = state.schema.marks[PROVENANCE_MARK];
      if (!author || !type) return null;
      const local = transactions.filter(
        (tr) => tr.docChanged && !isChangeOrigin(tr) && !tr.getMeta(PROVENANCE_SET_META),
      );
      if (local.length === 0) return null;
      const pasted = local.some((tr) => ['paste', 'drop'].includes(tr.getMeta('uiEvent')));
      const tr = state.tr;
      for (const [from, to] of insertedRanges(transactions)) {
        state.doc.nodesBetween(from, to, (node, pos, parent) => {
          if (!node.isInline) return true;
          if (!parent?.type.allowsMarkType(type)) return false;
          const start = Math.max(pos, from);
          const end = Math.min(pos + node.nodeSize, to);
          if (end <= start) return false;
          const current = provenanceOf(node.marks);
          const wanted = personalProvenance(
            current,
            neighbours(state.doc, start, end),
            author,
            pasted,
          );
          if (wanted && !sameAttrs(wanted, current)) {
            const mark: Mark = type.create(wanted);
            tr.addMark(start, end, mark);
          }
          return false;
        });
      }
      if (!tr.docChanged) return null;
      return tr.setMeta(PROVENANCE_SET_META, true);
    },
  });
}
