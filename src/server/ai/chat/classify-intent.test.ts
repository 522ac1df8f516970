import { describe, expect, it } from 'vitest';
import { ruleIntent } from './classify-intent';

describe('ruleIntent', () => {
  it('reads the request from its words, information by default', () => {
    expect(ruleIntent('Does sleep help memory consolidation?')).toBe('information');
    expect(ruleIntent('Find papers on sleep and memory')).toBe('literature');
    expect(ruleIntent('Draft an introduction about sleep and memory')).toBe('draft');
    expect(ruleIntent('Create a paper about sleep and memory')).toBe('createPaper');
  });
});
