import { describe, expect, it } from 'vitest';
import { markdownIt } from '../markdown/markdown-it';
import { encodeTableCell, splitTableRow } from './table';

function table(markdown: string): { header: boolean; align: unknown; text: string }[][] {
  const rows: { header: boolean; align: unknown; text: string }[][] = [];
  const tokens = markdownIt.parse(markdown, {});
  tokens.forEach((token, index) => {
    if (token.type === 'table_row_open') rows.push([]);
    if (token.type === 'table_header_open' || token.type === 'table_cell_open') {
      rows[rows.length - 1]?.push({
        header: token.type === 'table_header_open',
        align: token.meta?.align,
        text: tokens[index + 1]?.content ?? '',
      });
    }
  });
  return rows;
}

describe('table rule', () => {
  it('splits rows on unescaped pipes', () => {
    expect(splitTableRow('| a | b |')).toEqual(['a', 'b']);
    expect(splitTableRow('a | b')).toEqual(['a', 'b']);
    expect(splitTableRow('| a \\| b | `c\\|d` |')).toEqual(['a | b', '`c|d`']);
    expect(splitTableRow('| a |  |')).toEqual(['a', '']);
  });

  it('encodes cells so they split back unchanged', () => {
    for (const cell of ['a | b', '\\|', '`x|y`', 'a\\', '$$|x|$$']) {
      expect(splitTableRow(`| ${encodeTableCell(cell)} | z |`), cell).toEqual([cell, 'z']);
    }
  });

  it('reads the header row and column alignment', () => {
    expect(table('| a | b | c | d |\n| --- | :-- | :-: | --: |\n| 1 | 2 | 3 | 4 |')).toEqual([
      [
        { header: true, align: null, text: 'a' },
        { header: true, align: 'left', text: 'b' },
        { header: true, align: 'center', text: 'c' },
        { header: true, align: 'right', text: 'd' },
      ],
      [
        { header: false, align: null, text: '1' },
        { header: false, align: 'left', text: '2' },
        { header: false, align: 'center', text: '3' },
        { header: false, align: 'right', text: '4' },
      ],
    ]);
  });

  it('keeps body cells beyond the header by widening the table', () => {
    const rows = table('| a |\n| --- |\n| 1 | 2 | 3 |');
    expect(rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['a', '', ''],
      ['1', '2', '3'],
    ]);
  });

  it('needs a matching delimiter row', () => {
    expect(table('| a | b |\n| --- |')).toEqual([]);
    expect(table('a | b\n- x')).toEqual([]);
  });

  it('ends at a blank line or another block', () => {
    expect(table('| a |\n| --- |\n| 1 |\n\n| 2 |')).toHaveLength(2);
    expect(table('| a |\n| --- |\n| 1 |\n# h')).toHaveLength(2);
  });
});
