/**
 * The headless document module: the document format as Tiptap extensions, its markdown
 * (reading, canonical writing), sections and citation helpers. Used by the editor, the
 * server, exports and AI prompts alike; see README.md.
 */
export {
  createMarkdownConverter,
  documentExtensions,
  jsonToMarkdown,
  markdownToJSON,
  parseMarkdown,
  schema,
  serializeMarkdown,
  type MarkdownConverter,
} from './schema';
export {
  joinSections,
  replaceSectionBody,
  sectionIndexOfHeading,
  splitSections,
  type Section,
} from './sections';
export { headingNumbers, numberHeadings, type HeadingNumber } from './heading-numbers';
export { extractRefIds, extractRefIdsFromDoc } from './extract-ref-ids';
export { CitationScanner, type CitationScanState } from './citation-scanner';
export { removeAllCitations, removeCitationsFromDoc } from './remove-all-citations';
export { nodeStartsWord, startsWord } from './citation-spacing';
export {
  BIBLIOGRAPHY_REF_PREFIX,
  CANONICAL_REF_ID_PATTERN,
  REF_ID_PATTERN,
  REF_ID_PREFIX,
  isCanonicalRefId,
  isRefId,
} from './ref-ids';
export { MERMAID_LANGUAGE } from './nodes/code-block';
export { looksLikeCitation } from './rules/comment';
export { Bold } from './marks/bold';
export { Code } from './marks/code';
export { Comment } from './marks/comment';
export { Italic } from './marks/italic';
export { Link } from './marks/link';
export { Strike } from './marks/strike';
export { Bibliography } from './nodes/bibliography';
export { BibliographyBlock } from './nodes/bibliography-block';
export { BlockEquation } from './nodes/block-equation';
export { Blockquote } from './nodes/blockquote';
export { BulletList } from './nodes/bullet-list';
export { CodeBlock } from './nodes/code-block';
export { Doc } from './nodes/doc';
export { HardBreak } from './nodes/hard-break';
export { HorizontalRule } from './nodes/horizontal-rule';
export { Image } from './nodes/image';
export { InlineEquation } from './nodes/inline-equation';
export { ListItem } from './nodes/list-item';
export { NumberedHeading, type HeadingLevel } from './nodes/numbered-heading';
export { OrderedList } from './nodes/ordered-list';
export { Paragraph } from './nodes/paragraph';
export { Reference } from './nodes/reference';
export { Table } from './nodes/table';
export { TableCell } from './nodes/table-cell';
export { TableHeader } from './nodes/table-header';
export { TableRow } from './nodes/table-row';
export { Text } from './nodes/text';
