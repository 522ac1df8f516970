/**
 * Bibliography entries: a line starting with `[xref_<id>]` followed by a space or the end of
 * the line (spec 000 §3, §5). The entry's text runs to the end of the paragraph-like block:
 * continuation lines belong to it until a blank line, another entry or a line that starts
 * another block. Entries on consecutive lines form one bibliography block; a blank line
 * starts a new block, so the grouping round-trips. The entry stores the reference id without
 * the `x` (`xref_abc12345` refers to `ref_abc12345`).
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';
import { isAsciiAlphanumeric } from '../markdown/chars';
import { BIBLIOGRAPHY_REF_PREFIX } from '../ref-ids';

export interface BibliographyMarkerMatch {
  /** Position just after the `]`. */
  end: number;
  /** The referenced id, e.g. `ref_abc12345`. */
  refId: string;
}

/** Reads `[xref_id]` at `pos` when followed by a space, a tab or the end (`max`). */
export function scanBibliographyMarker(
  src: string,
  pos: number,
  max = src.length,
): BibliographyMarkerMatch | null {
  const idStart = pos + 1;
  if (src.charCodeAt(pos) !== 0x5b || !src.startsWith(BIBLIOGRAPHY_REF_PREFIX, idStart))
    return null;
  let cursor = idStart + BIBLIOGRAPHY_REF_PREFIX.length;
  const digitsStart = cursor;
  while (cursor < max && isAsciiAlphanumeric(src.charCodeAt(cursor))) cursor++;
  if (cursor === digitsStart || cursor >= max || src.charCodeAt(cursor) !== 0x5d) return null;
  const end = cursor + 1;
  if (end < max && src.charCodeAt(end) !== 0x20 && src.charCodeAt(end) !== 0x09) return null;
  return { end, refId: src.slice(idStart + 1, cursor) };
}

/** The marker that starts an entry for `refId` (`ref_x` → `[xref_x]`). */
export function formatBibliographyMarker(refId: string): string {
  return `[x${refId}]`;
}

function markerAt(state: StateBlock, line: number): BibliographyMarkerMatch | null {
  if (state.sCount[line]! - state.blkIndent >= 4 || state.sCount[line]! < state.blkIndent)
    return null;
  const pos = state.bMarks[line]! + state.tShift[line]!;
  return scanBibliographyMarker(state.src, pos, state.eMarks[line]!);
}

/** Like a paragraph: is `line` still part of the entry that started above it? */
function continuesEntry(state: StateBlock, line: number, endLine: number): boolean {
  if (state.isEmpty(line)) return false;
  if (state.sCount[line]! - state.blkIndent > 3 || state.sCount[line]! < 0) return true;
  if (markerAt(state, line)) return false;
  const terminators = state.md.block.ruler.getRules('paragraph');
  return !terminators.some((rule) => rule(state, line, endLine, true));
}

function pushEntry(
  state: StateBlock,
  marker: BibliographyMarkerMatch,
  first: number,
  next: number,
): void {
  const firstLineRest = state.src.slice(marker.end, state.eMarks[first]!);
  const more =
    next > first + 1 ? `\n${state.getLines(first + 1, next, state.blkIndent, false)}` : '';
  const open = state.push('bibliography_entry_open', 'p', 1);
  open.meta = { refId: marker.refId };
  open.map = [first, next];
  const inline = state.push('inline', '', 0);
  inline.content = state.md.utils.asciiTrim(firstLineRest + more);
  inline.map = [first, next];
  inline.children = [];
  state.push('bibliography_entry_close', 'p', -1);
}

function bibliography(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
): boolean {
  const first = markerAt(state, startLine);
  if (!first) return false;
  if (silent) return true;

  const oldParentType = state.parentType;
  state.parentType = 'paragraph';
  const open = state.push('bibliography_block_open', 'div', 1);
  const lines: [number, number] = [startLine, startLine];
  open.map = lines;

  let line = startLine;
  let marker: BibliographyMarkerMatch | null = first;
  while (marker) {
    let next = line + 1;
    while (next < endLine && continuesEntry(state, next, endLine)) next++;
    pushEntry(state, marker, line, next);
    line = next;
    marker = line < endLine ? markerAt(state, line) : null;
  }

  state.push('bibliography_block_close', 'div', -1);
  lines[1] = line;
  state.line = line;
  state.parentType = oldParentType;
  return true;
}

/** Emits `bibliography_block_*` around `bibliography_entry_*` (meta.refId) + `inline`. */
export function bibliographyPlugin(md: MarkdownIt): void {
  md.block.ruler.before('lheading', 'bibliography', bibliography, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
}
