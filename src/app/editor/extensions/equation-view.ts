import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import type { EditorEnvironment } from './editor-environment';
import { renderLatex } from './katex-render';

/**
 * An equation rendered by KaTeX (inline or display). Double-click opens the LaTeX dialog; its
 * Save writes the new LaTeX into the node, and the markdown wraps it in `$$` again.
 */
export class EquationView implements NodeView {
  readonly dom: HTMLElement;
  #node: ProseMirrorNode;
  #rendered: string | null = null;

  constructor(
    props: NodeViewRendererProps,
    private readonly environment: EditorEnvironment,
    private readonly displayMode: boolean,
  ) {
    this.#node = props.node;
    this.dom = document.createElement(displayMode ? 'div' : 'span');
    this.dom.className = displayMode ? 'equation equation-block' : 'equation equation-inline';
    this.dom.dataset.type = displayMode ? 'block-equation' : 'inline-equation';
    this.dom.title = 'Double-click to edit';
    this.dom.addEventListener('dblclick', (event) => {
      event.preventDefault();
      this.#edit(props);
    });
    this.#render();
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.#node.type) return false;
    this.#node = node;
    this.#render();
    return true;
  }

  // KaTeX owns the inner DOM; ProseMirror must not read it back as content.
  ignoreMutation(): boolean {
    return true;
  }

  #latex(): string {
    return String(this.#node.attrs.latex ?? '');
  }

  #render(): void {
    const latex = this.#latex();
    if (latex === this.#rendered) return;
    this.#rendered = latex;
    this.dom.dataset.latex = latex;
    renderLatex(this.dom, latex, this.displayMode);
  }

  #edit({ editor, getPos }: NodeViewRendererProps): void {
    if (!editor.isEditable) return;
    this.environment.editEquation({
      value: this.#latex().trim(),
      save: (latex) => {
        const pos = getPos();
        if (pos === undefined) return;
        editor.view.dispatch(
          editor.state.tr.setNodeMarkup(pos, undefined, { ...this.#node.attrs, latex }),
        );
      },
    });
  }
}
