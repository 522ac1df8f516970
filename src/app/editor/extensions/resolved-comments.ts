import { Extension, type Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { commentRangeAt } from '../../../shared/document/comment-edits';
import { commentStartsOfDoc } from '../../../shared/document/comment-notes';

/** The comments whose conversation is resolved, each as its note's n-th comment (from 0). */
export type ResolvedComments = ReadonlySet<string>;

export function resolvedCommentKey(note: string, occurrence: number): string {
  return `${occurrence}\u0000${note}`;
}

interface ResolvedState {
  resolved: ResolvedComments;
  decorations: DecorationSet;
}

const key = new PluginKey<ResolvedState>('resolvedComments');

function decorate(doc: ProseMirrorNode, resolved: ResolvedComments): DecorationSet {
  if (resolved.size === 0) return DecorationSet.empty;
  const seen = new Map<string, number>();
  const decorations: Decoration[] = [];
  for (const { note, from } of commentStartsOfDoc(doc)) {
    const occurrence = seen.get(note) ?? 0;
    seen.set(note, occurrence + 1);
    if (!resolved.has(resolvedCommentKey(note, occurrence))) continue;
    const range = commentRangeAt(doc, from);
    if (range) {
      decorations.push(Decoration.inline(range.from, range.to, { class: 'comment-resolved' }));
    }
  }
  return DecorationSet.create(doc, decorations);
}

/**
 * A resolved comment stays in the text (the markdown keeps every `[[comment]]`; exports leave
 * resolved ones out) but steps back: an outline instead of the highlight, as Word and Google
 * Docs set resolved comments aside. The threads come from the server (`showResolvedComments`).
 */
export const ResolvedCommentsLook = Extension.create({
  name: 'resolvedComments',
  addProseMirrorPlugins() {
    return [
      new Plugin<ResolvedState>({
        key,
        state: {
          init: () => ({ resolved: new Set(), decorations: DecorationSet.empty }),
          apply: (tr, value) => {
            const resolved = (tr.getMeta(key) as ResolvedComments | undefined) ?? value.resolved;
            if (!tr.docChanged && resolved === value.resolved) return value;
            return { resolved, decorations: decorate(tr.doc, resolved) };
          },
        },
        props: { decorations: (state) => key.getState(state)?.decorations },
      }),
    ];
  },
});

export function showResolvedComments(editor: Editor, resolved: ResolvedComments): void {
  if (editor.isDestroyed) return;
  editor.view.dispatch(editor.state.tr.setMeta(key, resolved).setMeta('addToHistory', false));
}
