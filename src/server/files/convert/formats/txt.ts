import { parseMarkdown, serializeMarkdown } from '../../../../shared/document';
import { decodeText } from '../decode-text';
import { markdownPieces } from '../markdown-pieces';
import type { Converter } from '../progress';

/** Parsed a piece at a time: a document tree costs about 100 times its text in memory. */
const PIECE_CHARS = 256 * 1024;

/**
 * Plain text is valid markdown, and notes saved as .txt are often markdown already, so the
 * text is read by the document module's markdown reader: it never drops a character, keeps
 * raw HTML as literal text, and recovers headings, lists, pipe tables and $$ equations. A long
 * text is read piece by piece (markdown-pieces.ts), with the same result.
 */
export const convertTxt: Converter = async ({ bytes, report }) => {
  const { text, encoding } = decodeText(bytes);
  report(`Read as ${encoding}`);
  const pieces: string[] = [];
  for (const piece of markdownPieces(text, PIECE_CHARS)) {
    const markdown = serializeMarkdown(parseMarkdown(piece));
    if (markdown.trim() !== '') pieces.push(markdown);
  }
  return pieces.join('\n\n');
};
