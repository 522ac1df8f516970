/**
 * The reference ids a text cites, unique, in order of first citation. Only citation
 * brackets count (`[ref_a; ref_b]`), not bibliography markers, and not ids inside code.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Token } from 'markdown-it';
import { markdownIt } from './markdown/markdown-it';

function addCitations(tokens: readonly Token[], into: Set<string>): void {
  for (const token of tokens) {
    if (token.type === 'citation') {
      for (const refId of (token.meta?.refIds as string[] | undefined) ?? []) into.add(refId);
    } else if (token.children) {
      addCitations(token.children, into);
    }
  }
}

/** Ref ids cited in markdown. */
export function extractRefIds(markdown: string): string[] {
  const refIds = new Set<string>();
  addCitations(markdownIt.parse(markdown, {}), refIds);
  return [...refIds];
}

/** Ref ids cited in a document (its reference nodes). */
export function extractRefIdsFromDoc(doc: ProseMirrorNode): string[] {
  const refIds = new Set<string>();
  doc.descendants((node) => {
    if (node.type.name !== 'reference') return true;
    const ids: unknown = node.attrs.refIds;
    if (Array.isArray(ids)) ids.forEach((id) => typeof id === 'string' && refIds.add(id));
    return false;
  });
  return [...refIds];
}
