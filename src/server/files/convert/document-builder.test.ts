import { describe, expect, it } from 'vitest';
import { blocksToMarkdown, codeBlock, paragraph, text } from './document-builder';

describe('blocksToMarkdown', () => {
  it('keeps citation brackets as citations, even when split over several runs', () => {
    const runs = ['Sleep helps', ' ', '[ref_abc12345;', ' ', 'ref_def67890].', ' More [ref_x'];
    expect(blocksToMarkdown([paragraph(runs.flatMap((run) => text(run)))])).toBe(
      'Sleep helps [ref_abc12345; ref_def67890]. More \\[ref_x',
    );
  });

  it('leaves brackets in code and formatted text as text', () => {
    expect(
      blocksToMarkdown([
        codeBlock('[ref_abc12345]'),
        paragraph(text('[ref_abc12345]', [{ type: 'code' }])),
      ]),
    ).toBe('```\n[ref_abc12345]\n```\n\n`[ref_abc12345]`');
  });
});
