import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { AddMarkStep, RemoveMarkStep, type Step } from '@tiptap/pm/transform';
import { Plugin, type Transaction } from '@tiptap/pm/state';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import {
  INLINE_MARKED_NODES,
  INLINE_MARKS_ATTRIBUTE,
} from '../../../shared/document/live/inline-node-marks';

type MarkJSON = ReturnType<ProseMirrorNode['marks'][number]['toJSON']>;

function marksJSON(node: ProseMirrorNode): MarkJSON[] | null {
  return node.marks.length > 0 ? node.marks.map((mark) => mark.toJSON() as MarkJSON) : null;
}

/** Where the transactions changed the final document, as [from, to] ranges in it. */
function changedRanges(transactions: readonly Transaction[]): [number, number][] {
  const ranges: [number, number][] = [];
  transactions.forEach((tr, trIndex) => {
    const later = transactions.slice(trIndex + 1);
    const toFinal = (pos: number, stepIndex: number, assoc: number) => {
      let mapped = tr.mapping.slice(stepIndex + 1).map(pos, assoc);
      for (const next of later) mapped = next.mapping.map(mapped, assoc);
      return mapped;
    };
    tr.steps.forEach((step: Step, stepIndex) => {
      if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) {
        ranges.push([toFinal(step.from, stepIndex, -1), toFinal(step.to, stepIndex, 1)]);
        return;
      }
      step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => {
        ranges.push([toFinal(newStart, stepIndex, -1), toFinal(newEnd, stepIndex, 1)]);
      });
    });
  });
  return ranges;
}

/**
 * The editor's half of `inline-node-marks.ts`: y-prosemirror keeps an inline node's
 * attributes but not its marks, so the marks travel in `yMarks`. A change made here copies
 * the marks of the inline nodes it touched into `yMarks`; a change that came from Yjs (another
 * tab, the server) puts `yMarks` back into marks. Only the changed ranges are looked at.
 */
export const InlineNodeMarksSync = Extension.create({
  name: 'inlineNodeMarksSync',
  addProseMirrorPlugins: () => [
    new Plugin({
      appendTransaction(transactions, _old, state) {
        const changed = transactions.filter((tr) => tr.docChanged);
        if (changed.length === 0) return null;
        const fromYjs = changed.some((tr) => isChangeOrigin(tr));
        const tr = state.tr;
        const size = state.doc.content.size;
        for (const [from, to] of changedRanges(changed)) {
          state.doc.nodesBetween(Math.max(0, from - 1), Math.min(size, to + 1), (node, pos) => {
            if (!INLINE_MARKED_NODES.includes(node.type.name)) return true;
            const stored = node.attrs[INLINE_MARKS_ATTRIBUTE] as MarkJSON[] | null;
            const marks = marksJSON(node);
            if (JSON.stringify(stored) === JSON.stringify(marks)) return false;
            if (fromYjs) {
              const restored = (stored ?? []).map((mark) => state.schema.markFromJSON(mark));
              tr.setNodeMarkup(pos, undefined, node.attrs, restored);
            } else {
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, [INLINE_MARKS_ATTRIBUTE]: marks });
            }
            return false;
          });
        }
        if (!tr.docChanged) return null;
        return tr.setMeta('addToHistory', false);
      },
    }),
  ],
});
