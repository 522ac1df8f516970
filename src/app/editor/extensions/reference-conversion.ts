import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { scanCitation } from '../../../shared/document/rules/citation';

/** Spec 000 §4, §9: reference tokens become reference nodes about 50 ms after content is set. */
export const REFERENCE_CONVERSION_DELAY_MS = 50;

type Range = readonly [from: number, to: number];

const key = new PluginKey<Range[]>('referenceConversion');

/** Ranges of the new document that `tr` changed, as one list mapped to its end state. */
function changedRanges(tr: Transaction): Range[] {
  const ranges: Range[] = [];
  tr.mapping.maps.forEach((map, index) => {
    const rest = tr.mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      ranges.push([rest.map(newStart, -1), rest.map(newEnd, 1)]);
    });
  });
  return ranges;
}

interface Replacement {
  from: number;
  to: number;
  refIds: string[];
}

function citationsInText(text: string, start: number): Replacement[] {
  const found: Replacement[] = [];
  let index = text.indexOf('[ref_');
  while (index !== -1) {
    const match = scanCitation(text, index);
    if (match) {
      found.push({ from: start + index, to: start + match.end, refIds: match.refIds });
      index = text.indexOf('[ref_', match.end);
    } else {
      index = text.indexOf('[ref_', index + 1);
    }
  }
  return found;
}

// Citation brackets only become citations where the markdown parser would make them: in
// plain text, not in code and not inside a link.
function replacementsIn(block: ProseMirrorNode, blockPos: number): Replacement[] {
  if (block.type.spec.code) return [];
  const found: Replacement[] = [];
  let run = '';
  let runStart = blockPos + 1;
  const flush = () => {
    found.push(...citationsInText(run, runStart));
    run = '';
  };
  block.forEach((child, offset) => {
    const plain =
      child.isText && !child.marks.some((mark) => mark.type.spec.code || mark.type.name === 'link');
    if (!plain) {
      flush();
      runStart = blockPos + 1 + offset + child.nodeSize;
      return;
    }
    if (run === '') runStart = blockPos + 1 + offset;
    run += child.text ?? '';
  });
  flush();
  return found;
}

function conversion(state: EditorState, ranges: readonly Range[]): Transaction | null {
  const { doc, schema } = state;
  const reference = (schema as Schema).nodes.reference;
  if (!reference) return null;
  const replacements = new Map<number, Replacement>();
  for (const [from, to] of ranges) {
    doc.nodesBetween(Math.max(0, from), Math.min(doc.content.size, to), (node, pos) => {
      if (!node.isTextblock) return true;
      if (node.textContent.includes('[ref_')) {
        for (const replacement of replacementsIn(node, pos))
          replacements.set(replacement.from, replacement);
      }
      return false;
    });
  }
  if (replacements.size === 0) return null;
  const tr = state.tr;
  // Right to left, so earlier positions stay valid.
  for (const { from, to, refIds } of [...replacements.values()].sort((a, b) => b.from - a.from)) {
    tr.replaceWith(from, to, reference.create({ refIds }, null, doc.resolve(from).marks()));
  }
  // Kept in history: it lands within the typing's undo group, so one undo reverts both.
  return tr;
}

/**
 * Turns citation brackets that arrive as text (typed, or inserted by code that bypassed the
 * markdown parser) into reference nodes, so the document looks the same whichever way its
 * content came in. Only the blocks touched since the last pass are scanned.
 */
export const ReferenceConversion = Extension.create({
  name: 'referenceConversion',
  addProseMirrorPlugins() {
    return [
      new Plugin<Range[]>({
        key,
        state: {
          init: (_config, state) => [[0, state.doc.content.size]],
          apply: (tr, pending) => {
            if (tr.getMeta(key) === 'converted') return [];
            if (!tr.docChanged) return pending;
            const mapped = pending.map(([from, to]): Range => [
              tr.mapping.map(from, -1),
              tr.mapping.map(to, 1),
            ]);
            return [...mapped, ...changedRanges(tr)];
          },
        },
        view: (view) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const run = () => {
            const ranges = key.getState(view.state) ?? [];
            if (ranges.length === 0) return;
            const tr = conversion(view.state, ranges) ?? view.state.tr;
            // The user's own edit already marked the paper changed; this pass only re-reads it.
            view.dispatch(tr.setMeta(key, 'converted').setMeta('preventUpdate', true));
          };
          // Runs once typing pauses, not on every keystroke.
          const schedule = () => {
            clearTimeout(timer);
            timer = setTimeout(run, REFERENCE_CONVERSION_DELAY_MS);
          };
          schedule();
          return {
            update: (_view, previous) => {
              if (view.state.doc !== previous.doc) schedule();
            },
            destroy: () => clearTimeout(timer),
          };
        },
      }),
    ];
  },
});
