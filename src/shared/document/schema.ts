/**
 * The document format: the Tiptap extensions (headless, no node views) and the markdown that
 * reads and writes them. The browser editor `.extend()`s these extensions with views; the
 * server uses `schema`, `parseMarkdown` and `serializeMarkdown` directly.
 */
import { type JSONContent, getSchema } from '@tiptap/core';
import { InlineNodeMarks } from './live/inline-node-marks';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { createInlineSerializer } from './markdown/inline-serializer';
import { markdownIt } from './markdown/markdown-it';
import { createMarkdownParser } from './markdown/parser';
import { createMarkdownSerializer } from './markdown/serializer';
import type {
  BlockNodeMarkdown,
  ChildNodeMarkdown,
  InlineNodeMarkdown,
  MarkMarkdown,
  TokenRules,
} from './markdown/types';
import { Bold, boldMarkdown } from './marks/bold';
import { Code, codeMarkdown } from './marks/code';
import { Comment, commentMarkdown } from './marks/comment';
import { Italic, italicMarkdown } from './marks/italic';
import { Link, linkMarkdown } from './marks/link';
import { Provenance } from './marks/provenance';
import { Strike, strikeMarkdown } from './marks/strike';
import { Bibliography, bibliographyMarkdown } from './nodes/bibliography';
import { BibliographyBlock, bibliographyBlockMarkdown } from './nodes/bibliography-block';
import { BlockEquation, blockEquationMarkdown } from './nodes/block-equation';
import { Blockquote, blockquoteMarkdown } from './nodes/blockquote';
import { BulletList, bulletListMarkdown } from './nodes/bullet-list';
import { CodeBlock, codeBlockMarkdown } from './nodes/code-block';
import { Doc, docMarkdown } from './nodes/doc';
import { HardBreak, hardBreakMarkdown } from './nodes/hard-break';
import { HorizontalRule, horizontalRuleMarkdown } from './nodes/horizontal-rule';
import { Image, imageMarkdown } from './nodes/image';
import { InlineEquation, inlineEquationMarkdown } from './nodes/inline-equation';
import { ListItem, listItemMarkdown } from './nodes/list-item';
import { NumberedHeading, numberedHeadingMarkdown } from './nodes/numbered-heading';
import { OrderedList, orderedListMarkdown } from './nodes/ordered-list';
import { Paragraph, paragraphMarkdown } from './nodes/paragraph';
import { Reference, referenceMarkdown } from './nodes/reference';
import { Table, tableMarkdown } from './nodes/table';
import { TableCell, tableCellMarkdown } from './nodes/table-cell';
import { TableHeader, tableHeaderMarkdown } from './nodes/table-header';
import { TableRow, tableRowMarkdown } from './nodes/table-row';
import { Text } from './nodes/text';

const blockNodes = [
  [Doc, docMarkdown],
  [Paragraph, paragraphMarkdown],
  [NumberedHeading, numberedHeadingMarkdown],
  [Blockquote, blockquoteMarkdown],
  [BulletList, bulletListMarkdown],
  [OrderedList, orderedListMarkdown],
  [ListItem, listItemMarkdown],
  [HorizontalRule, horizontalRuleMarkdown],
  [CodeBlock, codeBlockMarkdown],
  [BlockEquation, blockEquationMarkdown],
  [BibliographyBlock, bibliographyBlockMarkdown],
  [Bibliography, bibliographyMarkdown],
  [Table, tableMarkdown],
] as const satisfies readonly (readonly [{ name: string }, BlockNodeMarkdown])[];

const childNodes = [
  [TableRow, tableRowMarkdown],
  [TableHeader, tableHeaderMarkdown],
  [TableCell, tableCellMarkdown],
] as const satisfies readonly (readonly [{ name: string }, ChildNodeMarkdown])[];

const inlineNodes = [
  [HardBreak, hardBreakMarkdown],
  [Reference, referenceMarkdown],
  [InlineEquation, inlineEquationMarkdown],
  [Image, imageMarkdown],
] as const satisfies readonly (readonly [{ name: string }, InlineNodeMarkdown])[];

// Order matters: it is the marks' nesting rank in the schema.
const marks = [
  [Link, linkMarkdown],
  [Comment, commentMarkdown],
  [Bold, boldMarkdown],
  [Italic, italicMarkdown],
  [Strike, strikeMarkdown],
  [Code, codeMarkdown],
] as const satisfies readonly (readonly [{ name: string }, MarkMarkdown])[];

/** Every extension of the document format, headless. Extend them in the editor for views. */
export const documentExtensions = [
  ...blockNodes.map(([extension]) => extension),
  ...childNodes.map(([extension]) => extension),
  Text,
  ...inlineNodes.map(([extension]) => extension),
  ...marks.map(([extension]) => extension),
  // Kept in the live document only: markdown has no syntax for it (docs/provenance.md).
  Provenance,
  InlineNodeMarks,
];

/** The ProseMirror schema of the document format. */
export const schema: Schema = getSchema(documentExtensions);

function tokenRules(): Map<string, TokenRules> {
  const rules = new Map<string, TokenRules>();
  for (const [extension, markdown] of [...blockNodes, ...childNodes, ...inlineNodes, ...marks]) {
    if (markdown.parse) rules.set(extension.name, markdown.parse);
  }
  return rules;
}

export interface MarkdownConverter {
  parse(markdown: string): ProseMirrorNode;
  serialize(doc: ProseMirrorNode): string;
}

/**
 * Markdown reading and writing for any schema built from (extensions of)
 * `documentExtensions`, e.g. the editor's own schema.
 */
export function createMarkdownConverter(target: Schema): MarkdownConverter {
  const parser = createMarkdownParser(target, markdownIt, tokenRules());
  const inline = createInlineSerializer(
    {
      nodes: new Map(inlineNodes.map(([extension, markdown]) => [extension.name, markdown])),
      marks: new Map(marks.map(([extension, markdown]) => [extension.name, markdown])),
    },
    parser.parseInline,
  );
  const serialize = createMarkdownSerializer(
    new Map(blockNodes.map(([extension, markdown]) => [extension.name, markdown])),
    inline,
  );
  return { parse: parser.parse, serialize };
}

const converter = createMarkdownConverter(schema);

/**
 * Reads markdown into a document. Never throws and never drops text: anything that is not
 * well-formed markdown of this format reads as literal text.
 */
export function parseMarkdown(markdown: string): ProseMirrorNode {
  return converter.parse(markdown);
}

/** Writes a document as canonical markdown (see README.md). */
export function serializeMarkdown(doc: ProseMirrorNode): string {
  return converter.serialize(doc);
}

export function markdownToJSON(markdown: string): JSONContent {
  return parseMarkdown(markdown).toJSON() as JSONContent;
}

/** Throws when `json` is not a valid document of this schema. */
export function jsonToMarkdown(json: JSONContent): string {
  const doc = schema.nodeFromJSON(json);
  doc.check();
  return serializeMarkdown(doc);
}
