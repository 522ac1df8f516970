import { Mark } from '@tiptap/core';

/**
 * Where a span of text came from (issue 37, docs/provenance.md): typed by a person, pasted
 * from outside the paper, written by an AI feature, or written by the AI and then edited by a
 * person. It lives in the live document as text formatting (Yjs keeps text marks); markdown
 * has no syntax for it, so the serializer leaves it out and papers.content never holds it.
 *
 * Typed and pasted spans carry no time, so a person's keystrokes share one set of attributes
 * and Yjs keeps them as one formatted run rather than one per keystroke.
 */
export const PROVENANCE_MARK = 'provenance';

export const Provenance = Mark.create({
  name: PROVENANCE_MARK,
  // Inclusive like most marks, so the browser's typing at the end of a span matches the
  // document's; the editor then marks what was typed as the person's (author-provenance.ts).
  spanning: true,
  addAttributes: () => ({
    source: { default: 'typed', ...dataAttribute('source') },
    feature: { default: null, ...dataAttribute('feature') },
    model: { default: null, ...dataAttribute('model') },
    at: { default: null, ...dataAttribute('at') },
    userId: { default: null, ...dataAttribute('user-id') },
    userName: { default: null, ...dataAttribute('user-name') },
  }),
  // An internal cut and paste keeps the marks through the clipboard's HTML.
  parseHTML: () => [{ tag: 'span[data-provenance-source]' }],
  renderHTML: ({ HTMLAttributes }) => ['span', { ...HTMLAttributes, class: 'provenance' }, 0],
});

function dataAttribute(name: string) {
  const attribute = `data-provenance-${name}`;
  return {
    parseHTML: (element: HTMLElement) => element.getAttribute(attribute),
    renderHTML: (attributes: Record<string, unknown>) => {
      const key = name === 'user-id' ? 'userId' : name === 'user-name' ? 'userName' : name;
      const value = attributes[key];
      return value == null ? {} : { [attribute]: String(value) };
    },
  };
}
