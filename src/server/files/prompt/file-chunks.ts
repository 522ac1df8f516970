import { countTokens } from './count-tokens';

/** Chunks are about this long: a few paragraphs, small enough to pick relevant parts. */
export const CHUNK_TOKENS = 300;

export interface FileChunk {
  fileIndex: number;
  /** Position within its file, for putting chosen chunks back in order. */
  index: number;
  /** The headings above the chunk, the chunk's "title" for ranking. */
  headings: string;
  text: string;
  tokens: number;
}

const HEADING = /^(#{1,6})\s+(.*)$/;

/**
 * Cuts a file's markdown at blank lines into blocks and groups them into chunks of about
 * CHUNK_TOKENS (a single larger block, such as a long table, stays whole). Each chunk carries
 * the heading path above it, so a section's title helps rank its paragraphs.
 */
export function chunkFile(fileIndex: number, markdown: string): FileChunk[] {
  const blocks = markdown.split(/\n{2,}/).filter((block) => block.trim() !== '');
  const chunks: FileChunk[] = [];
  const path: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  let headings = '';
  let onlyHeadings = true;
  const flush = () => {
    if (current.length === 0) return;
    chunks.push({ fileIndex, index: chunks.length, headings, text: current.join('\n\n'), tokens });
    current = [];
    tokens = 0;
    onlyHeadings = true;
  };
  for (const block of blocks) {
    const heading = HEADING.exec(block.split('\n')[0] ?? '');
    if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      path.length = level - 1;
      path[level - 1] = heading[2] ?? '';
    }
    const blockTokens = countTokens(block) + 1;
    // A heading stays with the text under it, however long that is.
    if (!onlyHeadings && tokens + blockTokens > CHUNK_TOKENS) flush();
    if (current.length === 0) headings = path.filter(Boolean).join(' / ');
    current.push(block);
    tokens += blockTokens;
    if (!heading) onlyHeadings = false;
  }
  flush();
  return chunks;
}
