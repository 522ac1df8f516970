import { describe, expect, it } from 'vitest';
import { emptyWork } from '../../../shared/citations/work';
import { lexicalCheck, lexicalScore } from './lexical-scorer';

const ABSTRACT =
  '<jats:p>We analysed citation counts of physics articles. Articles deposited as open access preprints on the arXiv received more citations than articles that were not. The effect was largest in astronomy.</jats:p>';

const work = (abstract: string | null) => ({
  ...emptyWork({ refId: 'ref_abcd1234', id: 'x', title: 'T' }),
  abstract,
});

describe('lexical citation check', () => {
  it('scores a claim the abstract states above 0.5 and quotes the supporting sentence', () => {
    const check = lexicalCheck(
      'Open access preprints on the arXiv receive more citations.',
      work(ABSTRACT),
    );
    expect(check.certainty).toBeGreaterThan(0.5);
    expect(check.evidence).toBe(
      'Articles deposited as open access preprints on the arXiv received more citations than articles that were not.',
    );
    expect(check.reasoning).toMatch(/^Word-overlap check \(no AI model\): \d of \d key terms/);
    expect(check.reasoning).toContain('"preprints"');
    expect(check.method).toBe('lexical');
  });

  it('scores an unrelated claim below 0.5', () => {
    const check = lexicalCheck(
      'Snoring indicates obstructive sleep apnea in children.',
      work(ABSTRACT),
    );
    expect(check.certainty).toBeLessThan(0.5);
    expect(check.reasoning).toMatch(/None of the key terms/);
  });

  it('gives certainty 0 and says so when there is no abstract', () => {
    expect(lexicalCheck('Anything at all here.', work(null))).toMatchObject({
      certainty: 0,
      evidence: null,
      reasoning: 'The work has no abstract, so the claim could not be checked against it.',
    });
  });

  it('grows with the overlap', () => {
    const abstract = 'Coffee intake lowers the risk of liver disease in adults.';
    const weak = lexicalScore('Coffee is popular.', abstract).score;
    const strong = lexicalScore('Coffee intake lowers liver disease risk.', abstract).score;
    expect(strong).toBeGreaterThan(weak);
  });
});
