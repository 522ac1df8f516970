/**
 * Writes a document as canonical markdown: blocks separated by one blank line, no blank
 * lines at the start or end, no trailing newline. Each block node's file says how it is
 * written; inline content goes through the inline serializer.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { scanInlineEquation } from '../rules/inline-equation';
import type { InlineSerializer } from './inline-serializer';
import type { BlockContext, BlockNodeMarkdown, WrittenBlock } from './types';

export type MarkdownSerializer = (doc: ProseMirrorNode) => string;

export function createMarkdownSerializer(
  blocks: ReadonlyMap<string, BlockNodeMarkdown>,
  serializeInline: InlineSerializer,
): MarkdownSerializer {
  /**
   * An equation alone in its paragraph is a block equation in markdown (spec: "block when
   * alone on its lines"), so it is written, and seen by its neighbours, as one.
   */
  const asWritten = (node: ProseMirrorNode): ProseMirrorNode => {
    const blockEquation = node.type.schema.nodes.blockEquation;
    if (node.type.name !== 'paragraph' || !blockEquation) return node;
    const equations: ProseMirrorNode[] = [];
    node.forEach((child) => {
      if (child.type.name === 'inlineEquation') equations.push(child);
    });
    const [equation] = equations;
    if (equations.length !== 1 || !equation) return node;
    const markdown = serializeInline(node, { firstLineStartsBlock: true, singleLine: false });
    if (scanInlineEquation(markdown, 0)?.end !== markdown.length) return node;
    return blockEquation.create({ latex: equation.attrs.latex });
  };

  const write = (node: ProseMirrorNode, previous: WrittenBlock | null): WrittenBlock => {
    const written = asWritten(node);
    const spec = blocks.get(written.type.name);
    if (!spec) throw new Error(`No markdown for block node "${written.type.name}"`);
    return { node: written, markdown: spec.toMarkdown(written, contextFor(previous)) };
  };

  const writeChildren = (node: ProseMirrorNode): string => {
    const written: WrittenBlock[] = [];
    node.forEach((child) => {
      const block = write(child, written[written.length - 1] ?? null);
      if (block.markdown !== '') written.push(block);
    });
    return written.map((block) => block.markdown).join('\n\n');
  };

  const contextFor = (previous: WrittenBlock | null): BlockContext => ({
    blocks: writeChildren,
    block: write,
    inline: serializeInline,
    previous,
  });

  return (doc) => write(doc, null).markdown;
}
