import {
  DATA_MARKER,
  ERROR_MARKER,
  FINISHED_MARKER,
  STATUS_MARKER,
} from '../../shared/ai/stream-markers';

/** Content is sent in pieces of this size, each one chunk the client appends. */
const CONTENT_CHUNK_CHARS = 16 * 1024;

/**
 * The body of POST /api/convertToMarkdown in the marker protocol of shared/ai/stream-markers,
 * shaped for the upload rules of spec 000 §4: every progress update is its own chunk holding
 * STATUS (counted for progress, never shown), the converted markdown follows in chunks without
 * a marker, and the last chunk is [STATUS:FINISHED]. A failure ends with [STATUS:ERROR:…].
 */
export const uploadStream = {
  status: (text: string): string => STATUS_MARKER(text.replace(/[[\]\n\r]/g, ' ').slice(0, 200)),
  file: (file: { id: string; filename: string; goal: string }): string => DATA_MARKER('file', file),
  finished: (): string => FINISHED_MARKER,
  error: (message: string): string => ERROR_MARKER(message),
  /**
   * The markdown with anything that reads as a marker escaped (`[STATUS\:` is the same text in
   * markdown, and the client turns it back), cut into chunks.
   */
  contentChunks(markdown: string): string[] {
    const escaped = markdown.replace(/\[(PART|STATUS):/g, '[$1\\:');
    const chunks: string[] = [];
    for (let start = 0; start < escaped.length; start += CONTENT_CHUNK_CHARS) {
      chunks.push(escaped.slice(start, start + CONTENT_CHUNK_CHARS));
    }
    return chunks;
  },
};
