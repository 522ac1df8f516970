/**
 * Citation brackets: `[ref_abc12345]` or several ids in one bracket, `[ref_a; ref_b]`
 * (spec 000 §3 and §5). Separators may be `;` (canonical) or `,`, with any whitespace
 * around ids. Anything short of a complete bracket stays literal text.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';
import { isAsciiAlphanumeric } from '../markdown/chars';
import { REF_ID_PREFIX } from '../ref-ids';

export interface CitationMatch {
  /** Position just after the closing `]`. */
  end: number;
  refIds: string[];
}

function skipWhitespace(src: string, pos: number, max: number): number {
  let next = pos;
  while (next < max) {
    const code = src.charCodeAt(next);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a) break;
    next++;
  }
  return next;
}

/** Reads a complete citation bracket starting at `pos`, or returns null. */
export function scanCitation(src: string, pos: number, max = src.length): CitationMatch | null {
  if (src.charCodeAt(pos) !== 0x5b /* [ */) return null;
  const refIds: string[] = [];
  let cursor = skipWhitespace(src, pos + 1, max);
  for (;;) {
    if (cursor + REF_ID_PREFIX.length > max || !src.startsWith(REF_ID_PREFIX, cursor)) return null;
    let idEnd = cursor + REF_ID_PREFIX.length;
    while (idEnd < max && isAsciiAlphanumeric(src.charCodeAt(idEnd))) idEnd++;
    if (idEnd === cursor + REF_ID_PREFIX.length) return null;
    refIds.push(src.slice(cursor, idEnd));
    cursor = skipWhitespace(src, idEnd, max);
    if (cursor >= max) return null;
    const code = src.charCodeAt(cursor);
    if (code === 0x5d /* ] */) return { end: cursor + 1, refIds };
    if (code !== 0x3b /* ; */ && code !== 0x2c /* , */) return null;
    cursor = skipWhitespace(src, cursor + 1, max);
  }
}

/** The canonical spelling of a citation bracket. */
export function formatCitation(refIds: readonly string[]): string {
  return `[${refIds.join('; ')}]`;
}

function citation(state: StateInline, silent: boolean): boolean {
  const match = scanCitation(state.src, state.pos, state.posMax);
  if (!match) return false;
  if (!silent) {
    const token = state.push('citation', '', 0);
    token.meta = { refIds: match.refIds };
    token.content = state.src.slice(state.pos, match.end);
  }
  state.pos = match.end;
  return true;
}

/** Emits `citation` tokens (meta.refIds); runs before links so `[ref_a](x)` stays a citation. */
export function citationPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'citation', citation);
}
