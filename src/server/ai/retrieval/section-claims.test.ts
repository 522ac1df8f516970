import { describe, expect, it } from 'vitest';
import { plainQuery, sectionClaims, sectionParagraphs } from './section-claims';

describe('section claims', () => {
  it('are the sentences that state something, citations removed, per paragraph', () => {
    const text = [
      'Statins lower the risk of hip fracture in older women [ref_abcd1234]. This section reviews the evidence.',
      '',
      '$$E = mc^2$$',
      '',
      'Metformin reduces hepatic glucose production.',
    ].join('\n');
    expect(sectionParagraphs(text).map((paragraph) => paragraph.claims)).toEqual([
      ['Statins lower the risk of hip fracture in older women.'],
      ['Metformin reduces hepatic glucose production.'],
    ]);
    expect(sectionClaims('This section reviews the recent literature.')).toEqual([]);
  });

  it('become plain queries: quotes and leading signs are not operators', () => {
    expect(plainQuery('"Low-dose" -aspirin +  trials')).toBe('Low-dose aspirin trials');
  });
});
