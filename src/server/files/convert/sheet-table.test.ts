import { describe, expect, it } from 'vitest';
import { blocksToMarkdown } from './document-builder';
import { sheetBlocks } from './sheet-table';

describe('sheetBlocks', () => {
  it('cuts a sheet of 200,000 rows to its first 500 and says so', () => {
    const rows = [
      ['id', 'score'],
      ...Array.from({ length: 200_000 }, (_, index) => [String(index), '1']),
    ];
    const markdown = blocksToMarkdown(sheetBlocks({ name: 'Big', rows }));
    expect(markdown).toContain('| 499 | 1 |');
    expect(markdown).not.toContain('| 500 | 1 |');
    expect(markdown).toContain(
      'Only the first 500 rows of 200,000 rows are shown; 199,500 rows left out.',
    );
  });
});
