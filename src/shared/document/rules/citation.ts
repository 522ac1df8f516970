/**
 * Citation brackets: `[ref_abc12345]` or several ids in one bracket, `[ref_a; ref_b]`
 * (spec 000 §3 and §5), read by the shared CitationScanner. Anything short of a complete
 * bracket stays literal text.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';
import { CitationScanner } from '../citation-scanner';

export interface CitationMatch {
  /** Position just after the closing `]`. */
  end: number;
  refIds: string[];
}

/** Reads a complete citation bracket starting at `pos`, or returns null. */
export function scanCitation(src: string, pos: number, max = src.length): CitationMatch | null {
  if (src.charCodeAt(pos) !== 0x5b /* [ */) return null;
  const scanner = new CitationScanner();
  for (let cursor = pos + 1; cursor < max; cursor++) {
    const state = scanner.feed(src.charCodeAt(cursor));
    if (state === 'complete') return { end: cursor + 1, refIds: scanner.refIds };
    if (state === 'rejected') return null;
  }
  return null;
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
