import { Extension } from '@tiptap/core';
import { DOMParser as ProseMirrorDOMParser, Fragment, Slice } from '@tiptap/pm/model';
import { Plugin } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { cleanPastedHtml } from '../paste/clean-pasted-html';
import { embedPastedImages, readAsDataUrl } from '../paste/pasted-images';
import { markdownFor } from '../markdown-io';

/** Copies from this editor carry ProseMirror's slice marker and keep their exact nodes. */
const OWN_CLIPBOARD = 'data-pm-slice';

/**
 * Cleaned HTML → document → markdown → document: whatever was pasted ends up as content the
 * markdown format can hold, so what the user sees is what a save keeps.
 */
function htmlToSlice(view: EditorView, root: HTMLElement): Slice {
  const { schema } = view.state;
  const parsed = ProseMirrorDOMParser.fromSchema(schema).parse(root);
  const markdown = markdownFor(schema);
  const doc = markdown.parse(markdown.serialize(parsed));
  return Slice.maxOpen(doc.content);
}

function insert(view: EditorView, slice: Slice): void {
  if (view.isDestroyed) return;
  view.dispatch(view.state.tr.replaceSelection(slice).scrollIntoView().setMeta('uiEvent', 'paste'));
}

async function pasteHtml(view: EditorView, html: string, files: File[]): Promise<void> {
  const root = cleanPastedHtml(html);
  await embedPastedImages(root, files);
  insert(view, htmlToSlice(view, root));
}

async function pasteImages(view: EditorView, files: File[]): Promise<void> {
  const image = view.state.schema.nodes.image;
  if (!image) return;
  const sources = await Promise.all(files.map(readAsDataUrl));
  insert(view, new Slice(Fragment.fromArray(sources.map((src) => image.create({ src }))), 0, 0));
}

/**
 * Pasting Word or other rich HTML (spec 000 §2.1): the HTML is sanitised, converted to
 * markdown and parsed, with headings demoted one level; pasted pictures are embedded as
 * data URLs. Plain text and copies from the editor itself paste as usual.
 */
export const PasteCleanup = Extension.create({
  name: 'pasteCleanup',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handlePaste: (view, event) => {
            const data = event.clipboardData;
            if (!data) return false;
            const html = data.getData('text/html');
            const files = [...data.files];
            if (html && !html.includes(OWN_CLIPBOARD)) {
              void pasteHtml(view, html, files);
              return true;
            }
            const images = files.filter((file) => file.type.startsWith('image/'));
            if (!html && images.length > 0) {
              void pasteImages(view, images);
              return true;
            }
            return false;
          },
        },
      }),
    ];
  },
});
