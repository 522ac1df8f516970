/** Terse document builders for tests. */
import type { Attrs, Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { schema } from '../schema';

type Content = ProseMirrorNode | string;

function node(
  name: string,
  attrs: Attrs | null,
  content: readonly Content[] = [],
): ProseMirrorNode {
  const type = schema.nodes[name];
  if (!type) throw new Error(`No node type ${name}`);
  const children = content.map((child) => (typeof child === 'string' ? schema.text(child) : child));
  return type.create(attrs, children);
}

function mark(name: string, attrs: Attrs | null = null): Mark {
  const type = schema.marks[name];
  if (!type) throw new Error(`No mark type ${name}`);
  return type.create(attrs);
}

export const marks = {
  bold: () => mark('bold'),
  italic: () => mark('italic'),
  strike: () => mark('strike'),
  code: () => mark('code'),
  link: (href: string, title: string | null = null) => mark('link', { href, title }),
  comment: (comment: string) => mark('comment', { comment }),
};

export const text = (value: string, ...applied: Mark[]): ProseMirrorNode =>
  schema.text(value, applied);
export const doc = (...content: Content[]) => node('doc', null, content);
export const p = (...content: Content[]) => node('paragraph', null, content);
export const h = (level: number, ...content: Content[]) =>
  node('numberedHeading', { level }, content);
export const quote = (...content: Content[]) => node('blockquote', null, content);
export const li = (...content: Content[]) => node('listItem', null, content);
export const ul = (...items: ProseMirrorNode[]) => node('bulletList', null, items);
export const ol = (start: number, ...items: ProseMirrorNode[]) =>
  node('orderedList', { start }, items);
export const hr = () => node('horizontalRule', null);
export const br = () => node('hardBreak', null);
export const codeBlock = (language: string | null, code: string) =>
  node('codeBlock', { language }, code === '' ? [] : [code]);
export const equation = (latex: string) => node('inlineEquation', { latex });
export const blockEquation = (latex: string) => node('blockEquation', { latex });
export const cite = (...refIds: string[]) => node('reference', { refIds });
export const image = (attrs: Attrs) => node('image', attrs);
export const bibliography = (...entries: ProseMirrorNode[]) =>
  node('bibliographyBlock', null, entries);
export const entry = (refId: string, ...content: Content[]) =>
  node('bibliography', { refId }, content);
export const table = (...rows: ProseMirrorNode[]) => node('table', null, rows);
export const row = (...cells: ProseMirrorNode[]) => node('tableRow', null, cells);
export const th = (...content: Content[]) => node('tableHeader', null, content);
export const td = (...content: Content[]) => node('tableCell', null, content);
