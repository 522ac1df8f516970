/**
 * The marker protocol of Scriptor's streamed AI answers (/api/rewrite, /api/refine,
 * /api/summarize-elaborate). The body is plain UTF-8 text; markers are bracketed tokens that
 * never occur in generated prose because the server strips '[[' and '[PART:' / '[STATUS:' from
 * model output before sending it.
 *
 *   [PART:content]            before the text of a section (or [PART:structure], [PART:response])
 *   [STATUS:searching]        internal progress (stripped from what is shown)
 *   [STATUS:citations:<data>] internal: the citations kept, as URI-encoded JSON (stripped)
 *   [STATUS:ERROR:<message>]  the stream failed; <message> (URI-encoded) is shown to the user
 *   [STATUS:FINISHED]         the last marker: the answer is complete (ends with ':FINISHED]')
 */
export type StreamPart = 'structure' | 'content' | 'response';

export const PART_MARKER = (part: StreamPart): string => `[PART:${part}]`;
export const STATUS_MARKER = (status: string): string => `[STATUS:${status}]`;
export const FINISHED_MARKER = STATUS_MARKER('FINISHED');

/** A status carrying data: the data is URI-encoded so that it never contains ']'. */
export const DATA_MARKER = (name: string, data: unknown): string =>
  STATUS_MARKER(`${name}:${encodeURIComponent(JSON.stringify(data))}`);
export const ERROR_MARKER = (message: string): string =>
  STATUS_MARKER(`ERROR:${encodeURIComponent(message)}`);

/** Reads the data of a status made by DATA_MARKER, or undefined when it is another status. */
export function statusData(status: string, name: string): unknown {
  if (!status.startsWith(`${name}:`)) return undefined;
  return JSON.parse(decodeURIComponent(status.slice(name.length + 1)));
}

export interface ParsedStream {
  part: StreamPart | null;
  /** The text to show: everything after the part marker, with every marker removed. */
  text: string;
  statuses: string[];
  finished: boolean;
  error: string | null;
}

const MARKER = /\[(PART|STATUS):([^\]\n]*)\]/g;

/**
 * Parses the whole body received so far. A marker cut in half at the end of the buffer is held
 * back (not shown) until the rest of it arrives.
 */
export function parseStream(received: string): ParsedStream {
  const partial = received.lastIndexOf('[');
  const complete =
    partial >= 0 &&
    !received.slice(partial).includes(']') &&
    /^\[(P|S)/.test(received.slice(partial))
      ? received.slice(0, partial)
      : received;
  let part: StreamPart | null = null;
  const statuses: string[] = [];
  let error: string | null = null;
  let finished = false;
  let text = '';
  let last = 0;
  for (const match of complete.matchAll(MARKER)) {
    if (part !== null) text += complete.slice(last, match.index);
    last = match.index + match[0].length;
    const kind = match[1];
    const value = match[2] ?? '';
    if (kind === 'PART') part = value as StreamPart;
    else if (value === 'FINISHED') finished = true;
    else if (value.startsWith('ERROR:')) error = decodeURIComponent(value.slice('ERROR:'.length));
    else statuses.push(value);
  }
  if (part !== null) text += complete.slice(last);
  return { part, text, statuses, finished, error };
}
