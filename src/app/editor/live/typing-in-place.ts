import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep, ReplaceStep } from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

export interface TextEdit {
  index: number;
  remove: number;
  insert: string;
}

export interface BlockEdits {
  /** Where the textblock starts, the same in every document the steps went through. */
  blockPos: number;
  edits: TextEdit[];
}

/** The part of y-tiptap's binding this plugin uses (it is not in y-tiptap's types). */
interface SyncBinding {
  doc: Y.Doc;
  mapping: Map<Y.AbstractType<unknown>, ProseMirrorNode | ProseMirrorNode[]>;
  mux: (change: () => void) => void;
}

function onlyText(node: ProseMirrorNode): boolean {
  let text = true;
  node.forEach((child) => (text &&= child.isText));
  return text;
}

/**
 * The steps of the given transactions as text edits inside one textblock holding only text
 * (typing, deleting, pasting plain text in a paragraph), or null when they are anything else.
 */
export function blockEdits(transactions: readonly Transaction[]): BlockEdits | null {
  let blockPos: number | null = null;
  const edits: TextEdit[] = [];
  for (const tr of transactions) {
    for (const [index, step] of tr.steps.entries()) {
      // Marks leave the text as it is (the provenance of what was typed, live/author-provenance.ts):
      // y-tiptap's sync brings them in line.
      if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) continue;
      if (!(step instanceof ReplaceStep)) return null;
      const { slice } = step;
      if (slice.openStart !== 0 || slice.openEnd !== 0) return null;
      if (!slice.content.content.every((node) => node.isText)) return null;
      const doc = tr.docs[index];
      if (!doc) return null;
      const $from = doc.resolve(step.from);
      const $to = doc.resolve(step.to);
      if ($from.parent !== $to.parent || !$from.parent.isTextblock) return null;
      if (!onlyText($from.parent)) return null;
      const start = $from.before();
      if (blockPos !== null && start !== blockPos) return null;
      blockPos = start;
      edits.push({
        index: step.from - $from.start(),
        remove: step.to - step.from,
        insert: slice.content.textBetween(0, slice.content.size),
      });
    }
  }
  return blockPos === null ? null : { blockPos, edits };
}

/** Applies the edits, in the order the steps made them, to the paragraph's text. */
export function applyTextEdits(ytext: Y.XmlText, edits: readonly TextEdit[]): void {
  for (const edit of edits) {
    if (edit.remove > 0) ytext.delete(edit.index, edit.remove);
    if (edit.insert) ytext.insert(edit.index, edit.insert);
  }
}

function textOf(ytext: Y.XmlText): string | null {
  let text = '';
  for (const part of ytext.toDelta() as { insert: unknown }[]) {
    if (typeof part.insert !== 'string') return null;
    text += part.insert;
  }
  return text;
}

/** The Y.XmlText of the textblock y-tiptap bound to `block`, when it holds all its text. */
function boundText(binding: SyncBinding, block: ProseMirrorNode): Y.XmlText | null {
  for (const [type, node] of binding.mapping) {
    if (node !== block) continue;
    if (!(type instanceof Y.XmlElement) || type.length !== 1) return null;
    const text = type.get(0);
    return text instanceof Y.XmlText && textOf(text) === block.textContent ? text : null;
  }
  return null;
}

/**
 * Puts this tab's keystrokes into the live document exactly where the caret put them.
 *
 * y-tiptap turns a ProseMirror change into a Yjs change by diffing the paragraph's old and new
 * text (longest common prefix and suffix). When the character typed equals one next to the
 * caret, the diff cannot tell which of the two is new and may insert after the neighbour, which
 * another tab may just have typed: concurrent typing at one place then interleaves
 * ('Typedped in…'). Here the steps themselves are applied to the paragraph's Y.XmlText, before
 * y-tiptap's own sync (this plugin's view updates first), which then finds the texts equal and
 * only brings the marks in line. Anything that is not plain text inside one text-only
 * paragraph is left to y-tiptap's diff.
 */
export const TypingInPlace = Extension.create({
  name: 'typingInPlace',
  // Above the collaboration extension (1000): this plugin's view must update before ySync's.
  priority: 1001,
  addProseMirrorPlugins() {
    // The local document changes since the last view update (one dispatch: a transaction and
    // those appended to it).
    let pending: Transaction[] = [];
    return [
      new Plugin({
        state: {
          init: () => null,
          apply(tr) {
            const meta = tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined;
            if (tr.docChanged && !meta?.isChangeOrigin) pending.push(tr);
            return null;
          },
        },
        view: () => ({
          update(view, prevState) {
            const transactions = pending;
            pending = [];
            if (transactions[0]?.before !== prevState.doc) return;
            if (transactions.some((tr) => tr.getMeta('addToHistory') === false)) return;
            const sync = ySyncPluginKey.getState(view.state) as
              { binding?: SyncBinding; snapshot?: unknown; prevSnapshot?: unknown } | undefined;
            const binding = sync?.binding;
            if (!binding || sync.snapshot != null || sync.prevSnapshot != null) return;
            const change = blockEdits(transactions);
            const block = change && prevState.doc.nodeAt(change.blockPos);
            const ytext = block && boundText(binding, block);
            if (!change || !ytext) return;
            // Inside the binding's mutex: the change is this editor's own, not to be rendered back.
            binding.mux(() => {
              binding.doc.transact(() => applyTextEdits(ytext, change.edits), ySyncPluginKey);
            });
          },
        }),
      }),
    ];
  },
});
