/** One '@type{...}' block of a BibTeX file, as text, with where it starts. */
export interface BibtexChunk {
  /** Lowercased entry type: 'article', 'string', 'comment', 'preamble', ... */
  type: string;
  key: string | null;
  text: string;
  /** 1-based line of the '@'. */
  line: number;
}

const ENTRY_START = /^\s*@\s*([A-Za-z]+)\s*[{(]\s*([^,\s{}()"=]*)/;

/**
 * Cuts a BibTeX file at every line that opens an entry. Splitting on lines rather than on
 * matched braces is what keeps one unclosed brace from swallowing every entry after it: the
 * damage stays inside its own chunk. Text outside entries is a comment in BibTeX and is dropped.
 */
export function splitBibtex(text: string): BibtexChunk[] {
  const chunks: BibtexChunk[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let open: BibtexChunk | null = null;
  for (const [index, line] of lines.entries()) {
    const start = ENTRY_START.exec(line);
    if (start) {
      if (open) chunks.push(open);
      const type = (start[1] ?? '').toLowerCase();
      open = { type, key: start[2] || null, text: line, line: index + 1 };
    } else if (open) {
      open.text += `\n${line}`;
    }
  }
  if (open) chunks.push(open);
  return chunks;
}
