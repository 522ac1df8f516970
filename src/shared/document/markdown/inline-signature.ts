/**
 * The shape of inline content that reading markdown back must reproduce: text (merged
 * across nodes) and atoms, in order, each with its marks. Attributes of atoms are left out:
 * writing may mend them (LaTeX that markdown cannot hold), which is not a misreading.
 */
import type { Fragment, Mark } from '@tiptap/pm/model';

export interface InlineShape {
  text: string | null;
  atom: string | null;
  marks: readonly Mark[];
}

export function inlineSignature(nodes: Iterable<InlineShape>): string {
  const parts: string[] = [];
  let textMarks: string | null = null;
  for (const node of nodes) {
    const marks = node.marks
      .map((mark) => `${mark.type.name}${JSON.stringify(mark.attrs)}`)
      .sort()
      .join('+');
    if (node.text === null) {
      parts.push(`atom ${node.atom ?? ''} ${marks}`);
      textMarks = null;
    } else if (textMarks === marks && parts.length > 0) {
      parts[parts.length - 1] += node.text;
    } else {
      parts.push(`text ${marks} ${node.text}`);
      textMarks = marks;
    }
  }
  return parts.join('\u0000');
}

export function fragmentShape(fragment: Fragment): InlineShape[] {
  const nodes: InlineShape[] = [];
  fragment.forEach((node) => {
    nodes.push({
      text: node.isText ? (node.text ?? '') : null,
      atom: node.isText ? null : node.type.name,
      marks: node.marks,
    });
  });
  return nodes;
}
