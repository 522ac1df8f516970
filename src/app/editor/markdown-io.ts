import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { createMarkdownConverter, type MarkdownConverter } from '../../shared/document';

const converters = new WeakMap<Schema, MarkdownConverter>();

/** The document format's markdown reader and writer for the editor's own schema instance. */
export function markdownFor(schema: Schema): MarkdownConverter {
  let converter = converters.get(schema);
  if (!converter) {
    converter = createMarkdownConverter(schema);
    converters.set(schema, converter);
  }
  return converter;
}

const serialized = new WeakMap<ProseMirrorNode, string>();

/**
 * Writes `doc` as markdown. Documents are immutable, so the text of one already written is
 * reused: saving, autosaving and reading an unchanged paper cost one serialization.
 */
export function serializeDocument(doc: ProseMirrorNode): string {
  let markdown = serialized.get(doc);
  if (markdown === undefined) {
    markdown = markdownFor(doc.type.schema).serialize(doc);
    serialized.set(doc, markdown);
  }
  return markdown;
}

/** The markdown of `doc` if it has been written already, without writing it. */
export function serializedAlready(doc: ProseMirrorNode): string | undefined {
  return serialized.get(doc);
}
