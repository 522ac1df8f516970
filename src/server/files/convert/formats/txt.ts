import { parseMarkdown, serializeMarkdown } from '../../../../shared/document';
import { decodeText } from '../decode-text';
import type { Converter } from '../progress';

/**
 * Plain text is valid markdown, and notes saved as .txt are often markdown already, so the
 * text is read by the document module's markdown reader: it never drops a character, keeps
 * raw HTML as literal text, and recovers headings, lists, pipe tables and $$ equations.
 */
export const convertTxt: Converter = async ({ bytes, report }) => {
  const { text, encoding } = decodeText(bytes);
  report(`Read as ${encoding}`);
  return serializeMarkdown(parseMarkdown(text));
};
