import { describe, expect, it } from 'vitest';
import { analyzeToTerms, createAnalyzer, scientificEnglishAnalyzer } from './analyzer';

function termsWithPositions(text: string): [string, number][] {
  const out: [string, number][] = [];
  scientificEnglishAnalyzer.analyze(text, (term, position) => out.push([term, position]));
  return out;
}

describe('scientific English analyzer', () => {
  it('stems inflections to one term', () => {
    expect(analyzeToTerms('networks')).toEqual(analyzeToTerms('network'));
    expect(analyzeToTerms('studies')).toEqual(analyzeToTerms('study'));
    expect(analyzeToTerms('generalization generalized')).toEqual(['gener', 'gener']);
  });

  it('also indexes the letter and digit runs of gene and compound names, at their position', () => {
    expect(termsWithPositions('IL6 levels')).toEqual([
      ['il6', 0],
      ['il', 0],
      ['6', 0],
      ['level', 1],
    ]);
    // The hyphenated spelling shares the runs, so "IL-6" finds "IL6" and the other way round.
    expect(analyzeToTerms('IL-6')).toEqual(['il', '6']);
    expect(analyzeToTerms('HNF4A p53')).toEqual(['hnf4a', 'hnf', '4', 'p53', 'p', '53']);
    // A run is reported once per token; decimals and words are left alone.
    expect(analyzeToTerms('aa11aa 1.5 cells')).toEqual(['aa11aa', 'aa', '11', '1.5', 'cell']);
    expect(analyzeToTerms('IL6', createAnalyzer({ alphanumericParts: false }))).toEqual(['il6']);
  });

  it('drops stop words but keeps their positions', () => {
    expect(analyzeToTerms('The effect of the drug on mice')).toEqual(['effect', 'drug', 'mice']);
    expect(termsWithPositions('effect of smoking')).toEqual([
      ['effect', 0],
      ['smoke', 2],
    ]);
  });

  it('turns LaTeX remnants into words', () => {
    expect(analyzeToTerms('$x^2$')).toEqual(['x', '2']);
    expect(analyzeToTerms('a power law $D \\sim t^\\nu$')).toEqual([
      'power',
      'law',
      'd',
      't',
      'nu',
    ]);
    expect(analyzeToTerms('from $\\frac{2}{3}$ to $\\mathbf{v}$')).toEqual(['2', '3', 'v']);
    expect(analyzeToTerms('\\alpha-synuclein and $\\varepsilon$')).toEqual([
      'alpha',
      'synuclein',
      'epsilon',
    ]);
    expect(analyzeToTerms('Schr\\"odinger \\emph{in vivo}')).toEqual(['schroding', 'vivo']);
  });

  it('folds Unicode: case, diacritics, ligatures, Greek letters', () => {
    expect(analyzeToTerms('Naïve Bayes')).toEqual(analyzeToTerms('naive bayes'));
    expect(analyzeToTerms('Schrödinger')).toEqual(analyzeToTerms('Schrodinger'));
    expect(analyzeToTerms('Straße Ørsted')).toEqual(['strass', 'orst']);
    expect(analyzeToTerms('ﬁnite ＡＢＣ')).toEqual(['finit', 'abc']);
    expect(analyzeToTerms('TNF-α')).toEqual(analyzeToTerms('TNF-alpha'));
    expect(analyzeToTerms('TNFα')).toEqual(analyzeToTerms('TNF alpha'));
  });

  it('keeps numbers, decimals and thousands together', () => {
    expect(analyzeToTerms('COVID-19 in 10,000 patients, p = 0.016')).toEqual([
      'covid',
      '19',
      '10000',
      'patient',
      'p',
      '0.016',
    ]);
    expect(analyzeToTerms('groups 1,2,3')).toEqual(['group', '1', '2', '3']);
  });

  it('drops the possessive', () => {
    expect(analyzeToTerms("Alzheimer's disease")).toEqual(analyzeToTerms('Alzheimer disease'));
    expect(analyzeToTerms('Parkinson’s')).toEqual(['parkinson']);
  });

  it('keeps non-Latin scripts as words', () => {
    expect(analyzeToTerms('Привет мир')).toEqual(['привет', 'мир']);
  });

  it('names its rules so indexes built with other rules are recognised', () => {
    expect(scientificEnglishAnalyzer.id).toBe(createAnalyzer().id);
    expect(createAnalyzer({ stemming: false }).id).not.toBe(scientificEnglishAnalyzer.id);
    expect(analyzeToTerms('networks', createAnalyzer({ stemming: false }))).toEqual(['networks']);
  });
});
