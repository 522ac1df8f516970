import { describe, expect, it } from 'vitest';
import { shortenByExtraction } from './shorten';

describe('shortenByExtraction', () => {
  it('keeps the most central half of the sentences in order, with citations and equations', async () => {
    const markdown = [
      'Sleep apnea disturbs sleep [ref_abcd1234]. Sleep apnea is common in adults with obesity. The weather was nice.',
      '',
      '$$E = mc^2$$',
      '',
      'Treating sleep apnea improves sleep quality. Lunch was served at noon.',
    ].join('\n');
    const short = await shortenByExtraction(markdown);
    expect(short).toContain('[ref_abcd1234]');
    expect(short).toContain('$$E = mc^2$$');
    expect(short).not.toContain('weather');
    expect(short).not.toContain('Lunch');
    const kept = short.match(/[.!?](\s|$)/g)?.length ?? 0;
    expect(kept).toBe(3);
  });

  it('leaves a one-sentence section alone', async () => {
    expect(await shortenByExtraction('Only one sentence.')).toBe('Only one sentence.');
  });
});
