import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { headingNumbers } from '../../../shared/document';
import type { EditorEnvironment } from './editor-environment';

function menuButton(heading: number, number: string, environment: EditorEnvironment): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'section-menu-button';
  button.contentEditable = 'false';
  button.title = `Section ${number}: AI actions`;
  button.setAttribute('aria-label', `Section menu ${number}`);
  button.setAttribute('aria-haspopup', 'menu');
  button.textContent = '✦';
  button.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', (event) => {
    event.preventDefault();
    environment.openSectionMenu?.({
      heading,
      sectionNumber: number,
      button,
    });
  });
  return button;
}

// Only numbered headings get a menu: a rewrite runs only with a section number (000 §5).
function decorate(doc: ProseMirrorNode, environment: EditorEnvironment): DecorationSet {
  const decorations = headingNumbers(doc).flatMap(({ pos, number }, heading) => {
    const node = doc.nodeAt(pos);
    if (!node || !number) return [];
    const end = pos + node.nodeSize - 1;
    return [
      // The key names the heading, not only its number: numbers repeat under each level-1
      // heading, and a widget of an equal key may be reused in another heading's place.
      Decoration.widget(end, () => menuButton(heading, number, environment), {
        side: 1,
        key: `section-menu-${heading}-${number}`,
        ignoreSelection: true,
        stopEvent: () => true,
      }),
    ];
  });
  return DecorationSet.create(doc, decorations);
}

/** A menu button at the end of each numbered heading that opens the section menu. */
export function sectionMenuTrigger(environment: EditorEnvironment) {
  return Extension.create({
    name: 'sectionMenuTrigger',
    addProseMirrorPlugins() {
      if (!environment.openSectionMenu) return [];
      const key = new PluginKey<DecorationSet>('sectionMenuTrigger');
      return [
        new Plugin<DecorationSet>({
          key,
          state: {
            init: (_config, state) => decorate(state.doc, environment),
            apply: (tr, previous) => (tr.docChanged ? decorate(tr.doc, environment) : previous),
          },
          props: { decorations: (state) => key.getState(state) },
        }),
      ];
    },
  });
}
