import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';

/**
 * Another person's caret: a line in their colour with their name above it. It is shown to
 * sighted readers only (aria-hidden): inside the text a screen reader would read the name as
 * part of the paper; the list of people in the paper (PresenceList) names them instead.
 */
function caret(user: { name?: unknown; color?: unknown }): HTMLElement {
  const color = String(user.color ?? '#1f5fbf');
  const line = document.createElement('span');
  line.className = 'presence-caret';
  line.setAttribute('aria-hidden', 'true');
  line.style.borderColor = color;
  const label = document.createElement('span');
  label.className = 'presence-caret-name';
  label.style.backgroundColor = color;
  // The name is drawn by CSS from the attribute (sharing.css), not written as text: text in a
  // widget is part of the editor's text, so it would be copied with a selection across it.
  label.dataset.name = String(user.name ?? '');
  line.append(label);
  return line;
}

/** Co-authors' carets and selections in the text, from the live document's awareness. */
export function collaborationCarets(awareness: Awareness) {
  return Extension.create({
    name: 'collaborationCarets',
    addProseMirrorPlugins: () => [
      yCursorPlugin(awareness, {
        cursorBuilder: caret,
        selectionBuilder: (user: { color?: unknown }) => ({
          class: 'presence-selection',
          style: `background-color: ${String(user.color ?? '#1f5fbf')}33`,
        }),
      }),
    ],
  });
}
