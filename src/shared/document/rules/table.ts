/**
 * GFM pipe tables. markdown-it's own rule drops body cells beyond the header's count; this
 * one keeps every cell by widening the table (missing cells become empty), so no text is
 * lost. Otherwise it follows GFM: a header row, a delimiter row with the same number of
 * cells (`---`, `:--`, `:-:`, `--:`), then body rows until a blank line or another block.
 * `\|` in a cell is a literal pipe; the backslash is removed before inline parsing, as GFM
 * does, so it works inside code spans and equations too.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';
import { isSpaceOrTab, trimSpacesAndTabs } from '../markdown/chars';

export type CellAlign = 'left' | 'center' | 'right' | null;

/** Splits a row on unescaped pipes, dropping the optional outer pipes. */
export function splitTableRow(line: string): string[] {
  const text = trimSpacesAndTabs(line);
  const cells: string[] = [];
  let current = '';
  let endsWithSeparator = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    endsWithSeparator = false;
    if (char === '\\' && text[i + 1] === '|') {
      current += '|';
      i++;
    } else if (char === '|') {
      cells.push(current);
      current = '';
      endsWithSeparator = true;
    } else {
      current += char;
    }
  }
  cells.push(current);
  if (cells.length > 1 && text.startsWith('|')) cells.shift();
  if (cells.length > 1 && endsWithSeparator) cells.pop();
  return cells.map(trimSpacesAndTabs);
}

/** Escapes pipes so `splitTableRow` returns the cell text unchanged. */
export function encodeTableCell(markdown: string): string {
  return markdown.replace(/\|/g, '\\|');
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
}

function readAligns(state: StateBlock, line: number): CellAlign[] | null {
  const text = lineText(state, line);
  if (text.length < 2) return null;
  const first = text.charCodeAt(0);
  if (first !== 0x7c && first !== 0x2d && first !== 0x3a) return null;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x7c && code !== 0x2d && code !== 0x3a && !isSpaceOrTab(code)) return null;
  }
  if (first === 0x2d && isSpaceOrTab(text.charCodeAt(1))) return null; // a list item "- ..."
  const parts = text.split('|').map(trimSpacesAndTabs);
  const aligns: CellAlign[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (part === '') {
      if (i === 0 || i === parts.length - 1) continue;
      return null;
    }
    if (!/^:?-+:?$/.test(part)) return null;
    const left = part.startsWith(':');
    const right = part.endsWith(':');
    aligns.push(left && right ? 'center' : right ? 'right' : left ? 'left' : null);
  }
  return aligns;
}

function endsTable(state: StateBlock, line: number, endLine: number): boolean {
  if (state.sCount[line]! < state.blkIndent || state.isEmpty(line)) return true;
  if (state.sCount[line]! - state.blkIndent >= 4) return true;
  const terminators = state.md.block.ruler.getRules('blockquote');
  return terminators.some((rule) => rule(state, line, endLine, true));
}

function pushRow(
  state: StateBlock,
  cells: string[],
  aligns: CellAlign[],
  line: number,
  header: boolean,
): void {
  const row = state.push('table_row_open', 'tr', 1);
  row.map = [line, line + 1];
  const name = header ? 'table_header' : 'table_cell';
  for (let i = 0; i < aligns.length; i++) {
    const open = state.push(`${name}_open`, header ? 'th' : 'td', 1);
    open.meta = { align: aligns[i] ?? null };
    const inline = state.push('inline', '', 0);
    inline.content = cells[i] ?? '';
    inline.map = [line, line + 1];
    inline.children = [];
    state.push(`${name}_close`, header ? 'th' : 'td', -1);
  }
  state.push('table_row_close', 'tr', -1);
}

function table(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const delimiterLine = startLine + 1;
  if (delimiterLine >= endLine) return false;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (state.sCount[delimiterLine]! < state.blkIndent) return false;
  if (state.sCount[delimiterLine]! - state.blkIndent >= 4) return false;
  const aligns = readAligns(state, delimiterLine);
  if (!aligns || aligns.length === 0) return false;
  const headerText = lineText(state, startLine);
  if (!headerText.includes('|')) return false;
  const header = splitTableRow(headerText);
  if (header.length !== aligns.length) return false;
  if (silent) return true;

  const oldParentType = state.parentType;
  state.parentType = 'table';
  const body: { cells: string[]; line: number }[] = [];
  let line = delimiterLine + 1;
  for (; line < endLine && !endsTable(state, line, endLine); line++) {
    body.push({ cells: splitTableRow(lineText(state, line)), line });
  }
  const columns = body.reduce((widest, row) => Math.max(widest, row.cells.length), aligns.length);
  const allAligns = [...aligns, ...Array<CellAlign>(columns - aligns.length).fill(null)];

  const open = state.push('table_open', 'table', 1);
  open.map = [startLine, line];
  pushRow(state, header, allAligns, startLine, true);
  for (const row of body) pushRow(state, row.cells, allAligns, row.line, false);
  state.push('table_close', 'table', -1);

  state.parentType = oldParentType;
  state.line = line;
  return true;
}

/** Replaces markdown-it's table rule: table_*, table_row_*, table_header_* / table_cell_* (meta.align). */
export function tablePlugin(md: MarkdownIt): void {
  md.block.ruler.at('table', table, { alt: ['paragraph', 'reference'] });
}
