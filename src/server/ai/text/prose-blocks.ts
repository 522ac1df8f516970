/**
 * The prose paragraphs of a markdown text, with where they are, leaving out what is not prose:
 * fenced code and diagrams, $$ equations, tables, headings, bibliography lines and comments.
 */
export interface ProseBlock {
  /** Line range [start, end) in the text. */
  lines: [number, number];
  text: string;
}

const NOT_PROSE = /^\s*(#|\||\[xref_|\[\[|<|!\[)/;

export function proseBlocks(markdown: string): ProseBlock[] {
  const lines = markdown.split('\n');
  const blocks: ProseBlock[] = [];
  let fence: string | null = null;
  let start = -1;
  const close = (end: number) => {
    if (start >= 0) blocks.push({ lines: [start, end], text: lines.slice(start, end).join('\n') });
    start = -1;
  };
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (fence !== null) {
      if (trimmed.startsWith(fence)) fence = null;
      return;
    }
    const opening = /^(```|~~~|\$\$)/.exec(trimmed)?.[1];
    if (opening) {
      close(index);
      const closesOnSameLine = opening === '$$' && trimmed.length > 2 && trimmed.endsWith('$$');
      if (!closesOnSameLine) fence = opening;
      return;
    }
    if (trimmed === '' || NOT_PROSE.test(line)) {
      close(index);
      return;
    }
    if (start < 0) start = index;
  });
  close(lines.length);
  return blocks;
}
