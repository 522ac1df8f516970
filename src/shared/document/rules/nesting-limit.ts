/**
 * markdown-it silently drops everything nested deeper than `maxNesting`. This rule stops
 * nesting a little earlier and keeps the rest of the container as one plain paragraph, so
 * even absurdly deep quotes or lists lose no text.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';

function nestingLimit(limit: number) {
  return (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
    if (state.level < limit || silent) return false;
    const paragraph = state.push('paragraph_open', 'p', 1);
    paragraph.map = [startLine, endLine];
    const inline = state.push('inline', '', 0);
    inline.content = state.md.utils.asciiTrim(
      state.getLines(startLine, endLine, state.blkIndent, false),
    );
    inline.map = [startLine, endLine];
    inline.children = [];
    state.push('paragraph_close', 'p', -1);
    state.line = endLine;
    return true;
  };
}

/** `limit` must be below markdown-it's `maxNesting`, leaving room for the paragraph itself. */
export function nestingLimitPlugin(md: MarkdownIt, limit: number): void {
  md.block.ruler.before('table', 'nesting_limit', nestingLimit(limit));
}
