import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import { missingReferenceText } from '../../../shared/citations/bibliography';
import type { CitationRegistry } from '../citations/citation-registry';

/**
 * A bibliography entry: its text stays editable; when the paper's citations do not hold the
 * entry's work, '[Missing reference: {id}]' is shown in red before it (spec 000 §5, §8).
 */
export class BibliographyView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  readonly #missing: HTMLElement;
  #node: ProseMirrorNode;
  readonly #unsubscribe: () => void;

  constructor(
    node: ProseMirrorNode,
    private readonly citations: CitationRegistry,
  ) {
    this.#node = node;
    this.dom = document.createElement('p');
    this.dom.className = 'bibliography-entry';
    this.dom.dataset.type = 'bibliography';
    this.#missing = document.createElement('span');
    this.#missing.className = 'missing-reference';
    this.#missing.contentEditable = 'false';
    this.contentDOM = document.createElement('span');
    this.dom.append(this.#missing, this.contentDOM);
    this.#render();
    this.#unsubscribe = citations.subscribe(() => this.#render());
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.#node.type) return false;
    this.#node = node;
    this.#render();
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    return this.#missing.contains(mutation.target);
  }

  destroy(): void {
    this.#unsubscribe();
  }

  #render(): void {
    const refId = String(this.#node.attrs.refId ?? '');
    this.dom.dataset.refId = refId;
    const missing = this.citations.lookup(refId) === undefined;
    this.#missing.hidden = !missing;
    this.#missing.textContent = missing ? missingReferenceText(refId) : '';
  }
}
