import { describe, expect, it } from 'vitest';
import { journalPdf } from '../../testing/sample-pdf';
import { structureOf } from '../../testing/structure';
import { convertPdf } from './convert-pdf';

async function convert(bytes: Uint8Array): Promise<string> {
  return convertPdf({
    fileName: 'paper.pdf',
    bytes,
    workDir: '/nonexistent',
    report: () => undefined,
  });
}

describe('convertPdf', () => {
  it(
    'rebuilds a journal page: headings, columns in order, joined lines, a table',
    { timeout: 60_000 },
    async () => {
      const markdown = await convert(journalPdf(3));
      const found = structureOf(markdown);
      expect(found.headings).toEqual([
        'Section 1: Sleep and Memory',
        'Results',
        'Section 2: Sleep and Memory',
        'Results',
        'Section 3: Sleep and Memory',
        'Results',
      ]);
      expect(found.tableCells.slice(0, 9)).toEqual([
        'Group',
        'Score',
        'Participants',
        'Control',
        '3.5',
        '24',
        'Treatment',
        '4.25',
        '26',
      ]);
      // Running heads and page numbers are gone; hyphenation across lines is undone.
      expect(markdown).not.toContain('Journal of Sleep Research');
      expect(markdown).not.toMatch(/^\d+$/m);
      expect(markdown).toContain('hippocampal replay');
      // The left column is read before the right one, each as one paragraph.
      const section = markdown.split('## Results')[0] ?? '';
      const paragraphs = section
        .split('\n\n')
        .filter((block) => block.trim() && !block.startsWith('#'));
      expect(paragraphs).toHaveLength(2);
      expect(paragraphs[0]).toContain(
        'consolidation depends on hippocampal replay during slow waves',
      );
    },
  );
});
