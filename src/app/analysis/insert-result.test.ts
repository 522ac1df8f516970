import { describe, expect, it } from 'vitest';
import { notebookOf, type CodeCell } from '../../shared/analysis/notebook';
import { lastFigure, resultMarkdown } from './insert-result';

const code = (png: string, failed = false): CodeCell => ({
  cell_type: 'code',
  id: png,
  source: 'plt.show()',
  execution_count: 1,
  outputs: [{ output_type: 'display_data', data: { 'image/png': `${png}\n` }, metadata: {} }],
  metadata: failed ? { tags: ['raises-exception'] } : {},
});

describe('the result put into the paper', () => {
  it('takes the last figure of a cell that ran well', () => {
    expect(lastFigure(notebookOf([code('AAAA'), code('BBBB'), code('CCCC', true)]))).toBe('BBBB');
    expect(lastFigure(notebookOf([]))).toBeNull();
  });

  it('is the figure captioned with the question, then the report', () => {
    expect(resultMarkdown('Do [groups] differ?', 'They do (t = 2.1).', 'AAAA')).toBe(
      '![Figure: Do  groups  differ?](data:image/png;base64,AAAA)\n\nThey do (t = 2.1).',
    );
    expect(resultMarkdown('Q', 'Only words.', null)).toBe('Only words.');
  });
});
