import { describe, expect, it } from 'vitest';
import type { Line } from './layout-types';
import { layoutBlocks } from './layout-blocks';

const LINES_PER_PAGE = 50;

/** Body lines of a text whose sentences never end at a line's end, page after page. */
function flowingLines(pages: number): Line[] {
  return Array.from({ length: pages * LINES_PER_PAGE }, (_, index) => {
    const page = Math.floor(index / LINES_PER_PAGE) + 1;
    const row = index % LINES_PER_PAGE;
    const text = row === 0 ? `consolidation on page ${page} hip-` : `pocampal replay line ${row}`;
    return { page, y: 740 - row * 13, size: 10, segments: [{ x: 72, right: 400, size: 10, text }] };
  });
}

describe('layoutBlocks', () => {
  // Each line used to re-read the paragraph so far: 1,000 pages took about 45 s.
  it('joins one paragraph through 1,000 pages, reading each line once', () => {
    const blocks = layoutBlocks(flowingLines(1000));
    expect(blocks).toHaveLength(1);
    const paragraph = JSON.stringify(blocks[0]);
    expect(paragraph).toContain('consolidation on page 1000 hippocampal replay line 1 ');
    expect(paragraph.match(/hippocampal/g)).toHaveLength(1000);
  });
});
