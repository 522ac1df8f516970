import { Node } from '@tiptap/core';
import { unescapePunctuation } from '../markdown/chars';
import {
  formatAltText,
  formatLinkDestination,
  formatLinkTitle,
  isWritableUrl,
} from '../markdown/link-parts';
import type { InlineNodeMarkdown } from '../markdown/types';
import { formatImageSize } from '../rules/image-size';

function toPixels(value: unknown): number | null {
  const number = typeof value === 'string' ? Number.parseFloat(value) : Number(value);
  return value === null || value === undefined || !Number.isFinite(number) || number <= 0
    ? null
    : number;
}

/**
 * A resizable image (spec 000 §3), inline like markdown images, usually alone in its
 * paragraph: `![alt](src "title"){width=320 height=200}`. Width and height are whole
 * pixels; either may be absent. The app extends this node with a resizing view.
 */
export const Image = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes: () => ({
    src: { default: '' },
    alt: { default: '' },
    title: { default: null },
    width: { default: null, parseHTML: (element) => toPixels(element.getAttribute('width')) },
    height: { default: null, parseHTML: (element) => toPixels(element.getAttribute('height')) },
  }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
});

export const imageMarkdown: InlineNodeMarkdown = {
  parse: {
    image: {
      kind: 'atom',
      attrs: (token) => ({
        src: token.attrGet('src') ?? '',
        // The raw label, so markdown-looking alt text (`*x*`) keeps its characters.
        alt: unescapePunctuation(token.content).replace(/\n/g, ' '),
        title: token.attrGet('title') ?? null,
        width: token.meta?.width ?? null,
        height: token.meta?.height ?? null,
      }),
    },
  },
  toMarkdown: (node) => {
    const src = String(node.attrs.src ?? '');
    const target = formatLinkDestination(isWritableUrl(src) ? src : '');
    const alt = formatAltText(String(node.attrs.alt ?? ''));
    const size = formatImageSize({
      width: toPixels(node.attrs.width),
      height: toPixels(node.attrs.height),
    });
    return `![${alt}](${target}${formatLinkTitle(node.attrs.title)})${size}`;
  },
  absorbsFollowingBrace: true,
};
