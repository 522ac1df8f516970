import { describe, expect, it } from 'vitest';
import type { PromptFile } from '../prompt-files';
import { countTokens } from './count-tokens';
import { OMISSION, fitFilesToBudget } from './fit-files';

const paragraph = (topic: string, n: number) =>
  `Paragraph ${n} discusses ${topic} in detail. `.repeat(25).trim();

function file(name: string, sections: [string, string][]): PromptFile {
  return {
    fileId: name,
    filename: name,
    goal: 'supporting_material',
    markdown: sections
      .map(([heading, topic], n) => `## ${heading}\n\n${paragraph(topic, n)}`)
      .join('\n\n'),
  };
}

const sleep = file('sleep.pdf', [
  ['Methods', 'participant recruitment and consent'],
  ['Sleep spindles', 'sleep spindles and memory consolidation'],
  ['Budget', 'travel costs and equipment'],
]);
const diet = file('diet.docx', [
  ['Nutrition', 'dietary fibre and gut bacteria'],
  ['Caffeine', 'caffeine intake and alertness'],
]);

describe('fitFilesToBudget', () => {
  it('sends every file whole while they fit', () => {
    const fitted = fitFilesToBudget([sleep, diet], 'anything', 1_000_000);
    expect(fitted).toEqual({ files: [sleep, diet], shortened: [] });
  });

  it('keeps the parts most relevant to the focus text and names the shortened files', () => {
    const spindles = sleep.markdown.split('\n\n').slice(2, 4).join('\n\n');
    const budget = countTokens(spindles) + 20;
    const fitted = fitFilesToBudget(
      [sleep, diet],
      'How do sleep spindles support memory consolidation?',
      budget,
    );
    expect(fitted.shortened).toEqual(['sleep.pdf', 'diet.docx']);
    expect(fitted.files.map((f) => f.filename)).toEqual(['sleep.pdf']);
    const kept = fitted.files[0]?.markdown ?? '';
    expect(kept).toContain('## Sleep spindles');
    expect(kept).not.toContain('travel costs');
    expect(kept.startsWith(OMISSION)).toBe(true);
    const used = fitted.files.reduce((sum, f) => sum + countTokens(f.markdown), 0);
    expect(used).toBeLessThanOrEqual(budget);
  });

  it('ranks by the search engine’s analysis: stems and headings count', () => {
    const fitted = fitFilesToBudget([sleep, diet], 'caffeinated drinks', 420);
    expect(fitted.files.map((f) => f.filename)).toEqual(['diet.docx']);
    expect(fitted.files[0]?.markdown).toContain('## Caffeine');
  });

  it('falls back to document order when the focus text has no words', () => {
    const fitted = fitFilesToBudget([sleep, diet], '', 420);
    expect(fitted.files[0]?.markdown).toContain('## Methods');
  });
});
