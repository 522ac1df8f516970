import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';

const MIN_WIDTH = 40;

/**
 * A resizable image (spec 000 §3): dragging the corner handle scales the image, keeping its
 * aspect ratio, and writes the final whole-pixel width and height into the node.
 */
export class ImageView implements NodeView {
  readonly dom: HTMLElement;
  readonly #image: HTMLImageElement;
  readonly #handle: HTMLElement;
  #node: ProseMirrorNode;

  constructor(private readonly props: NodeViewRendererProps) {
    this.#node = props.node;
    this.dom = document.createElement('span');
    this.dom.className = 'image-frame';
    this.#image = document.createElement('img');
    this.#image.draggable = false;
    this.#handle = document.createElement('span');
    this.#handle.className = 'image-resize-handle';
    this.#handle.title = 'Drag to resize';
    this.#handle.addEventListener('pointerdown', (event) => this.#startResize(event));
    this.dom.append(this.#image, this.#handle);
    this.#apply();
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.#node.type) return false;
    this.#node = node;
    this.#apply();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('selected');
  }

  deselectNode(): void {
    this.dom.classList.remove('selected');
  }

  stopEvent(event: Event): boolean {
    return event.target === this.#handle;
  }

  ignoreMutation(): boolean {
    return true;
  }

  #apply(): void {
    const { src, alt, title, width, height } = this.#node.attrs;
    this.#image.src = String(src ?? '');
    this.#image.alt = String(alt ?? '');
    if (title) this.#image.title = String(title);
    else this.#image.removeAttribute('title');
    this.#image.style.width = typeof width === 'number' ? `${width}px` : '';
    this.#image.style.height = typeof height === 'number' ? `${height}px` : '';
  }

  #startResize(event: PointerEvent): void {
    const { editor, getPos } = this.props;
    if (!editor.isEditable) return;
    event.preventDefault();
    const startX = event.clientX;
    const box = this.#image.getBoundingClientRect();
    const ratio = box.width > 0 ? box.height / box.width : 1;
    let width = box.width;
    this.#handle.setPointerCapture(event.pointerId);

    const move = (moved: PointerEvent) => {
      width = Math.max(MIN_WIDTH, box.width + moved.clientX - startX);
      this.#image.style.width = `${width}px`;
      this.#image.style.height = `${width * ratio}px`;
    };
    const end = () => {
      this.#handle.removeEventListener('pointermove', move);
      this.#handle.removeEventListener('pointerup', end);
      this.#handle.removeEventListener('pointercancel', end);
      const pos = getPos();
      if (pos === undefined) return;
      editor.view.dispatch(
        editor.state.tr.setNodeMarkup(pos, undefined, {
          ...this.#node.attrs,
          width: Math.round(width),
          height: Math.round(width * ratio),
        }),
      );
    };
    this.#handle.addEventListener('pointermove', move);
    this.#handle.addEventListener('pointerup', end);
    this.#handle.addEventListener('pointercancel', end);
  }
}
