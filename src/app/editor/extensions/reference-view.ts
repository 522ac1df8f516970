import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import { labelActivated } from '../citations/citation-keys';
import { renderCitation } from '../citations/render-citation';
import type { EditorEnvironment } from './editor-environment';

function refIdsOf(node: ProseMirrorNode): string[] {
  const value: unknown = node.attrs.refIds;
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * An in-text citation: labels from the paper's stored citations, re-rendered when that list
 * changes; unknown ids stay as the raw `[ref_…]` text.
 */
export class ReferenceView implements NodeView {
  readonly dom: HTMLElement;
  #node: ProseMirrorNode;
  readonly #unsubscribe: () => void;

  constructor(
    node: ProseMirrorNode,
    private readonly view: EditorView,
    private readonly environment: EditorEnvironment,
  ) {
    this.#node = node;
    this.dom = document.createElement('span');
    this.dom.className = 'citation';
    this.dom.dataset.type = 'reference';
    this.dom.addEventListener('click', (event) => {
      const label = event.target instanceof Element ? event.target.closest('[data-ref-id]') : null;
      if (label instanceof HTMLElement && label.dataset.refId) {
        this.environment.openCitation(label.dataset.refId);
        return;
      }
      // A press beside the label (its brackets, or a read-only editor's node selection taking
      // the click) still means the one work a single citation names.
      const refIds = refIdsOf(this.#node);
      if (refIds.length === 1 && refIds[0]) this.environment.openCitation(refIds[0]);
    });
    // A read-only view's labels are buttons: Enter and Space open the focused one.
    this.dom.addEventListener('keydown', (event) => {
      const refId = labelActivated(event);
      if (!refId) return;
      event.preventDefault();
      event.stopPropagation();
      this.environment.openCitation(refId);
    });
    this.#render();
    this.#unsubscribe = environment.citations.subscribe(() => this.#render());
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.#node.type) return false;
    const changed = node.attrs.refIds !== this.#node.attrs.refIds;
    this.#node = node;
    if (changed) this.#render();
    return true;
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.#unsubscribe();
  }

  #render(): void {
    const refIds = refIdsOf(this.#node);
    this.dom.dataset.refIds = refIds.join(';');
    renderCitation(this.dom, refIds, this.environment.citations, !this.view.editable);
  }
}
