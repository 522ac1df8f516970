import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { isRefId } from '../../../shared/document/ref-ids';

/**
 * The reference ids the document's in-text citations name, in order of first citation and
 * without repeats: what a reference list generated from the document has to cover. Reading
 * the citation nodes (rather than the markdown) keeps look-alike text in code blocks out.
 */
export function citedRefIds(doc: ProseMirrorNode): string[] {
  const ids = new Set<string>();
  doc.descendants((node) => {
    if (node.type.name !== 'reference') return true;
    const value: unknown = node.attrs.refIds;
    if (Array.isArray(value)) {
      for (const id of value) if (typeof id === 'string' && isRefId(id)) ids.add(id);
    }
    return false;
  });
  return [...ids];
}
