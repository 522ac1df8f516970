/**
 * "Remove all citations" (spec 000 §2.1, §5): strips citation and bibliography tokens whose
 * ids are the product's own (`ref_` + 8 lowercase alphanumerics), together with the space
 * before each citation, unless a word follows the citation directly (`increases [ref_…]in`):
 * then that space is what separates the words and stays. A citation bracket keeps any other ids it holds; a bibliography
 * entry loses its marker and becomes an ordinary paragraph. Works on the document, so code
 * and escaped text are never touched.
 */
import { Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { nodeStartsWord } from './citation-spacing';
import { isCanonicalRefId } from './ref-ids';
import { parseMarkdown, serializeMarkdown } from './schema';

function withoutTrailingSpace(node: ProseMirrorNode): ProseMirrorNode | null {
  const text = node.text ?? '';
  if (!node.isText || !text.endsWith(' ')) return node;
  return text.length > 1 ? node.type.schema.text(text.slice(0, -1), node.marks) : null;
}

function stripInline(node: ProseMirrorNode): ProseMirrorNode {
  const children: ProseMirrorNode[] = [];
  node.forEach((child, _offset, index) => {
    if (child.type.name !== 'reference') {
      children.push(child);
      return;
    }
    const ids: unknown[] = Array.isArray(child.attrs.refIds) ? child.attrs.refIds : [];
    const kept = ids.filter((id) => typeof id !== 'string' || !isCanonicalRefId(id));
    if (kept.length > 0) {
      children.push(child.type.create({ ...child.attrs, refIds: kept }, null, child.marks));
      return;
    }
    if (nodeStartsWord(index + 1 < node.childCount ? node.child(index + 1) : null)) return;
    const previous = children.pop();
    const trimmed = previous ? withoutTrailingSpace(previous) : null;
    if (trimmed) children.push(trimmed);
  });
  return node.type.create(node.attrs, Fragment.fromArray(children), node.marks);
}

/** A bibliography block split into kept entries (still a block) and plain paragraphs. */
function stripBibliography(block: ProseMirrorNode): ProseMirrorNode[] {
  const { schema } = block.type;
  const paragraph = schema.nodes.paragraph;
  const result: ProseMirrorNode[] = [];
  let kept: ProseMirrorNode[] = [];
  const flush = () => {
    if (kept.length > 0) result.push(block.type.create(block.attrs, kept));
    kept = [];
  };
  block.forEach((entry) => {
    const stripped = stripInline(entry);
    if (paragraph && isCanonicalRefId(String(entry.attrs.refId))) {
      flush();
      result.push(paragraph.create(null, stripped.content));
    } else {
      kept.push(stripped);
    }
  });
  flush();
  return result;
}

function strip(node: ProseMirrorNode): ProseMirrorNode[] {
  if (node.type.name === 'bibliographyBlock') return stripBibliography(node);
  if (node.isTextblock) return [stripInline(node)];
  if (node.isLeaf) return [node];
  const children: ProseMirrorNode[] = [];
  node.forEach((child) => children.push(...strip(child)));
  return [node.type.create(node.attrs, Fragment.fromArray(children), node.marks)];
}

/** The document without the product's citations and bibliography markers. */
export function removeCitationsFromDoc(doc: ProseMirrorNode): ProseMirrorNode {
  return strip(doc)[0] as ProseMirrorNode;
}

/** Markdown without the product's citations and bibliography markers (written canonically). */
export function removeAllCitations(markdown: string): string {
  return serializeMarkdown(removeCitationsFromDoc(parseMarkdown(markdown)));
}
