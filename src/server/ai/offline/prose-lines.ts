import { proseBlocks } from '../text/prose-blocks';

/**
 * Rewrites the prose lines of a markdown text one by one (list items, quotes and paragraphs
 * are each one line in Scriptor's markdown), leaving everything else as it was. A line mapped
 * to null is removed.
 */
export async function mapProseLines(
  markdown: string,
  map: (line: string, index: number) => Promise<string | null> | string | null,
): Promise<string> {
  const lines = markdown.split('\n');
  const prose = new Set<number>();
  for (const block of proseBlocks(markdown)) {
    for (let i = block.lines[0]; i < block.lines[1]; i++) prose.add(i);
  }
  const out: string[] = [];
  for (const [index, line] of lines.entries()) {
    const mapped = prose.has(index) ? await map(line, index) : line;
    if (mapped !== null) out.push(mapped);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** A line's list or quote marker ('- ', '1. ', '> ') and the text after it. */
export function splitLinePrefix(line: string): { prefix: string; text: string } {
  const match = /^(\s*(?:[-*+]|\d+[.)]|>)\s+)/.exec(line);
  const prefix = match?.[1] ?? '';
  return { prefix, text: line.slice(prefix.length) };
}
