import { describe, expect, it } from 'vitest';
import { tokenCount } from '../prompt/token-count';
import { writtenSectionsDigest } from './written-sections';

const section = (n: number, words: number) => ({
  sectionNumber: String(n),
  sectionTitle: `Section ${n}`,
  content: Array.from({ length: words }, (_, i) => `word${n}x${i}`).join(' '),
});

describe('writtenSectionsDigest', () => {
  it('keeps every earlier section whole when they fit', () => {
    const digest = writtenSectionsDigest([section(1, 20), section(2, 20)], 3000);
    expect(digest).toContain('### 1 Section 1\n' + section(1, 20).content);
    expect(digest).toContain('### 2 Section 2\n' + section(2, 20).content);
  });

  it('gives each section an equal share of the budget', () => {
    const digest = writtenSectionsDigest([section(1, 3000), section(2, 3000)], 1000);
    expect(tokenCount(digest)).toBeLessThanOrEqual(1000);
    expect(digest).toContain('word1x0');
    expect(digest).toContain('word2x0');
  });

  it('keeps the most recent sections when there are too many for a useful share each', () => {
    const written = Array.from({ length: 40 }, (_, i) => section(i + 1, 500));
    const digest = writtenSectionsDigest(written, 1200);
    expect(digest).not.toContain('### 1 Section 1\n');
    expect(digest).toContain('### 40 Section 40\n');
    expect(tokenCount(digest)).toBeLessThanOrEqual(1200);
  });

  it('skips sections that are still empty', () => {
    expect(writtenSectionsDigest([{ ...section(1, 0), content: '  ' }], 1000)).toBe('');
  });
});
