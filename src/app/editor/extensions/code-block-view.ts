import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import { MERMAID_LANGUAGE } from '../../../shared/document';
import type { EditorEnvironment } from './editor-environment';
import { renderMermaid } from './mermaid-render';

/** Coalesces bursts of changes (undo, repeated saves) into one render. */
const RENDER_DELAY_MS = 150;

function isMermaid(node: ProseMirrorNode): boolean {
  return String(node.attrs.language ?? '').trim() === MERMAID_LANGUAGE;
}

/**
 * A code block; one whose language is `mermaid` shows the rendered diagram instead of its
 * code (spec 000 §3). Double-clicking the diagram opens the Mermaid dialog; a diagram that
 * fails to render shows 'Mermaid Error' with the parser's message.
 */
export class CodeBlockView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  readonly #diagram: HTMLElement;
  #node: ProseMirrorNode;
  #renderedCode: string | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #destroyed = false;

  constructor(
    private readonly props: NodeViewRendererProps,
    private readonly environment: EditorEnvironment,
  ) {
    this.#node = props.node;
    this.dom = document.createElement('div');
    this.dom.className = 'code-block';
    const pre = document.createElement('pre');
    this.contentDOM = document.createElement('code');
    pre.append(this.contentDOM);
    this.#diagram = document.createElement('div');
    this.#diagram.className = 'mermaid-diagram';
    this.#diagram.contentEditable = 'false';
    this.#diagram.title = 'Double-click to edit';
    this.#diagram.addEventListener('dblclick', (event) => {
      event.preventDefault();
      this.#edit();
    });
    this.dom.append(this.#diagram, pre);
    this.#sync();
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.#node.type) return false;
    this.#node = node;
    this.#sync();
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    return this.#diagram.contains(mutation.target);
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.#diagram.contains(event.target);
  }

  destroy(): void {
    this.#destroyed = true;
    clearTimeout(this.#timer);
  }

  #sync(): void {
    const language = String(this.#node.attrs.language ?? '');
    this.contentDOM.className = language ? `language-${language}` : '';
    const mermaid = isMermaid(this.#node);
    this.dom.classList.toggle('is-mermaid', mermaid);
    if (!mermaid) {
      this.#renderedCode = null;
      this.#diagram.replaceChildren();
      return;
    }
    const code = this.#node.textContent;
    if (code === this.#renderedCode) return;
    this.#renderedCode = code;
    clearTimeout(this.#timer);
    const delay = this.#diagram.childElementCount === 0 ? 0 : RENDER_DELAY_MS;
    this.#timer = setTimeout(() => void this.#render(code), delay);
  }

  async #render(code: string): Promise<void> {
    try {
      const svg = await renderMermaid(code);
      if (this.#destroyed || code !== this.#renderedCode) return;
      // Mermaid's strict security level has already escaped labels and dropped scripts.
      this.#diagram.innerHTML = svg;
      this.#diagram.classList.remove('has-error');
    } catch (error) {
      if (this.#destroyed || code !== this.#renderedCode) return;
      const title = document.createElement('strong');
      title.textContent = 'Mermaid Error';
      const detail = document.createElement('pre');
      detail.textContent = error instanceof Error ? error.message : String(error);
      this.#diagram.replaceChildren(title, detail);
      this.#diagram.classList.add('has-error');
    }
  }

  #edit(): void {
    const { editor, getPos } = this.props;
    if (!editor.isEditable) return;
    this.environment.editMermaid({
      value: this.#node.textContent,
      save: (code) => {
        const pos = getPos();
        if (pos === undefined) return;
        const { tr, schema } = editor.state;
        const start = pos + 1;
        const end = pos + this.#node.nodeSize - 1;
        const content = code === '' ? [] : [schema.text(code)];
        editor.view.dispatch(tr.replaceWith(start, end, content));
      },
    });
  }
}
