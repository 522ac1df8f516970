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
    expect(check.reasoning).toMatch(/^Offline check \(no AI model\): \d of \d key terms/);
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
    const weak = lexicalScore('Coffee is popular.', '', abstract);
    const strong = lexicalScore('Coffee intake lowers liver disease risk.', '', abstract);
    expect(strong.overlap).toBeGreaterThan(weak.overlap);
    expect(strong.certainty).toBeGreaterThan(weak.certainty);
  });
});

describe('offline check of claims the abstract does not support', () => {
  const trial = {
    ...work(
      'We randomised 400 adults to vitamin D or placebo for one year. Vitamin D supplementation reduced the incidence of acute respiratory infections by 12%. Adverse events were rare.',
    ),
    title: 'Vitamin D supplementation and acute respiratory infections: a randomised trial',
  };
  const supported = lexicalCheck(
    'Vitamin D supplementation reduces acute respiratory infections.',
    trial,
  );

  it('keeps the claim the abstract states above 0.5', () => {
    expect(supported.certainty).toBeGreaterThan(0.5);
  });

  it('scores a negated claim lower', () => {
    const check = lexicalCheck(
      'Vitamin D supplementation does not reduce acute respiratory infections.',
      trial,
    );
    expect(check.certainty).toBeLessThan(supported.certainty - 0.1);
    // 'does not reduce' reads as the opposite of 'reduced' as well as a negation.
    expect(check.reasoning).toMatch(/negated|opposite direction/);
  });

  it('scores an opposite direction lower and says why', () => {
    const check = lexicalCheck(
      'Vitamin D supplementation increases acute respiratory infections.',
      trial,
    );
    expect(check.certainty).toBeLessThan(supported.certainty - 0.1);
    expect(check.reasoning).toContain('opposite direction');
  });

  it('scores a claim whose key terms the abstract lacks below 0.5', () => {
    const check = lexicalCheck(
      'Calcitriol prevents pneumococcal pneumonia in nursing home residents.',
      trial,
    );
    expect(check.certainty).toBeLessThan(0.5);
  });

  it('scores an off-topic abstract low even when it shares generic words', () => {
    const check = lexicalCheck('Bariatric surgery has a positive impact on mental health.', {
      ...work(
        'Copper deficiency causes anaemia and neuropathy in patients. We review its causes, manifestations and the effect of treatment.',
      ),
      title: 'Copper Deficiency: Causes, Manifestations, and Treatment',
    });
    expect(check.certainty).toBeLessThan(0.2);
  });
});
