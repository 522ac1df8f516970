/**
 * The reference editor of bench/live-document/editor.ts, bundled into a page: plain Tiptap
 * (StarterKit) on a Yjs document through Tiptap's collaboration extension, no server, and the
 * same without Yjs, so opening and typing can be timed beside Scriptor's editor.
 */
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import StarterKit from '@tiptap/starter-kit';
import * as Y from 'yjs';

declare global {
  interface Window {
    /** Opens `html` in a new editor and answers the milliseconds until the next frame. */
    openPlain(html: string, withYjs: boolean): Promise<number>;
  }
}

let current: Editor | undefined;

window.openPlain = (html, withYjs) => {
  current?.destroy();
  const element = document.getElementById('editor')!;
  element.replaceChildren();
  const start = performance.now();
  if (withYjs) {
    const ydoc = new Y.Doc();
    current = new Editor({
      element,
      extensions: [
        StarterKit.configure({ undoRedo: false }),
        Collaboration.configure({ document: ydoc }),
      ],
    });
    current.commands.setContent(html);
  } else {
    current = new Editor({ element, extensions: [StarterKit], content: html });
  }
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now() - start)));
};
