import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** The server reads at most this much per analysis (docs/ai-api.md). */
export const CHUNK_ANALYSIS_LIMIT = 20_000;

function citesSomething(block: ProseMirrorNode): boolean {
  let found = false;
  block.descendants((node) => {
    if (node.type.name === 'reference') found = true;
    return !found;
  });
  return found;
}

/** The textblocks (paragraphs, list items' paragraphs, cells, headings) that hold a citation. */
function citingBlocks(doc: ProseMirrorNode): ProseMirrorNode[] {
  const blocks: ProseMirrorNode[] = [];
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    if (citesSomething(node)) blocks.push(node);
    return false;
  });
  return blocks;
}

const keyOf = (block: ProseMirrorNode) => JSON.stringify(block.toJSON());

/**
 * The markdown of the paragraphs holding citations that `after` has and `before` has not (new
 * or edited ones), for POST /api/chunk-analysis; '' when there are none. Each becomes a
 * paragraph of its own, and the text stops at the server's limit on a paragraph boundary.
 */
export function changedCitingText(
  before: ProseMirrorNode,
  after: ProseMirrorNode,
  serialize: (doc: ProseMirrorNode) => string,
): string {
  const known = new Set(citingBlocks(before).map(keyOf));
  const { schema } = after.type;
  const paragraph = schema.nodes.paragraph;
  if (!paragraph) return '';
  const changed = citingBlocks(after)
    .filter((block) => !known.has(keyOf(block)))
    .map((block) => (block.type === paragraph ? block : paragraph.create(null, block.content)));

  let text = '';
  for (const block of changed) {
    const markdown = serialize(schema.topNodeType.create(null, [block]));
    const next = text === '' ? markdown : `${text}\n\n${markdown}`;
    if (next.length > CHUNK_ANALYSIS_LIMIT) break;
    text = next;
  }
  return text;
}
