import { describe, expect, it } from 'vitest';
import { claimFeatures, prepareWork } from './claim-features';

const TITLE = 'Vitamin D supplementation and acute respiratory infections: a randomised trial';
const ABSTRACT =
  'We randomised 400 adults to vitamin D or placebo for one year. Vitamin D supplementation reduced the incidence of acute respiratory infections by 12%. Adverse events were rare.';
const work = prepareWork(TITLE, ABSTRACT);
const features = (claim: string) => claimFeatures(claim, work).features;

describe('claim features', () => {
  const supported = features('Vitamin D supplementation reduces acute respiratory infections.');

  it('sees a claim the abstract states: full coverage, same direction, nothing missing', () => {
    expect(supported).toMatchObject({
      wholeCoverage: 1,
      missingKeyTerms: 0,
      noSharedConcept: 0,
      negationMismatch: 0,
      directionDisagrees: 0,
      directionAgrees: 1,
      termDirectionDisagrees: 0,
    });
  });

  it('sees a negated claim', () => {
    const negated = features(
      'Vitamin D supplementation does not reduce acute respiratory infections.',
    );
    expect(negated.negationMismatch).toBe(1);
    expect(negated.claimNegated).toBe(1);
  });

  it('sees an opposite direction, word by word', () => {
    const opposite = features('Vitamin D supplementation increases acute respiratory infections.');
    expect(opposite.directionDisagrees).toBe(1);
    expect(opposite.termDirectionDisagrees).toBeGreaterThan(0);
    expect(opposite.directionAgrees).toBe(0);
  });

  it('sees a reported absence of effect', () => {
    const nullWork = prepareWork(
      TITLE,
      'Vitamin D supplementation did not reduce acute respiratory infections (no significant difference).',
    );
    expect(
      claimFeatures('Vitamin D supplementation reduces acute respiratory infections.', nullWork)
        .features.nullFindingMismatch,
    ).toBe(1);
  });

  it('sees key terms and figures the abstract lacks', () => {
    const missing = features(
      'Calcitriol supplementation reduces pneumococcal pneumonia in 65% of nursing home residents.',
    );
    expect(missing.missingKeyTerms).toBeGreaterThanOrEqual(2 / 3);
    expect(missing.missingNumbers).toBe(1);
    expect(features('Vitamin D reduced respiratory infections by 12%.').missingNumbers).toBe(0);
  });

  it('sees an abstract that shares no key concept, generic words aside', () => {
    const offTopic = claimFeatures(
      'Bariatric surgery has a positive effect on mental health in patients.',
      prepareWork(
        'Copper deficiency: causes, manifestations, and treatment',
        'Copper deficiency in patients causes anaemia and neuropathy; the effect of treatment is reviewed.',
      ),
    ).features;
    expect(offTopic.noSharedConcept).toBe(1);
    expect(offTopic.wholeCoverage).toBeLessThan(0.3);
  });

  it('sees a claim worded with the opposite of what the abstract says', () => {
    const reversed = claimFeatures(
      'A Th2 environment impedes lupus nephritis in mice.',
      prepareWork(
        'Basophils and lupus nephritis',
        'Basophils home to lymph nodes, promoting a Th2 environment and lupus nephritis in mice.',
      ),
    ).features;
    expect(reversed.oppositeWord).toBe(1);
    expect(reversed.opposedWording).toBeGreaterThan(0);
    expect(
      features('Vitamin D supplementation reduces acute respiratory infections.'),
    ).toMatchObject({ oppositeWord: 0, cueAbsent: 0 });
  });

  it('sees finding words of the claim that the abstract never writes', () => {
    const inserted = features(
      'Vitamin D supplementation never lowers acute respiratory infections.',
    );
    expect(inserted.cueAbsent).toBe(1);
    expect(
      claimFeatures(
        'Ambulatory monitoring is inaccurate at diagnosing hypertension.',
        prepareWork(
          'Diagnosis of hypertension',
          'Ambulatory monitoring is more accurate than clinic measurements in diagnosing hypertension.',
        ),
      ).features.oppositeWord,
    ).toBe(1);
  });

  it('sees a claim of no effect and hedged evidence', () => {
    expect(
      features('Vitamin D supplementation has no effect on respiratory infections.'),
    ).toMatchObject({ claimNullFinding: 1, claimNegated: 1 });
    const hedged = claimFeatures(
      'Vitamin D supplementation reduces acute respiratory infections.',
      prepareWork(TITLE, 'Vitamin D supplementation may reduce acute respiratory infections.'),
    ).features;
    expect(hedged.evidenceHedged).toBe(1);
  });
});

describe('sentence-level claim features', () => {
  const trial = prepareWork(
    TITLE,
    'We randomised 400 adults to vitamin D or placebo for one year. Adherence was high in both arms. Vitamin D supplementation reduced the incidence of acute respiratory infections by 12%.',
  );
  const of = (claim: string) => claimFeatures(claim, trial);

  it('finds the sentence that states the claim, and where it stands', () => {
    const { features, evidence } = of(
      'Vitamin D supplementation reduces acute respiratory infections.',
    );
    expect(evidence).toMatch(/^Vitamin D supplementation reduced/);
    expect(features.bestKeyCoverage).toBe(1);
    expect(features.bestPairShare).toBeGreaterThan(0.5);
    expect(features.bestPosition).toBe(1);
    expect(features.coveringSentences).toBeGreaterThan(0);
  });

  it('sees a negation whose scope holds the claim’s own terms', () => {
    const negated = of('Vitamin D supplementation does not reduce acute respiratory infections.');
    expect(negated.features.negatedTermMismatch).toBeGreaterThan(0);
    expect(negated.absentWords).toContain('not');
    expect(
      of('Vitamin D supplementation reduces acute respiratory infections.').features,
    ).toMatchObject({ negatedTermMismatch: 0 });
  });

  it('reads the direction of claim and evidence apart', () => {
    const opposite = of('Vitamin D supplementation raises acute respiratory infections.').features;
    expect(opposite.claimDirection).toBe(1);
    expect(opposite.evidenceDirection).toBe(-1);
  });

  it('sees a key term the best sentence lacks', () => {
    const missing = of('Vitamin D supplementation reduces acute pneumococcal meningitis.').features;
    expect(missing.bestKeyCoverage).toBeLessThan(1);
  });

  it('finds no sentence covering an off-topic claim', () => {
    const offTopic = of('Bariatric surgery improves mental health in obese adolescents.').features;
    expect(offTopic.coveringSentences).toBe(0);
    expect(offTopic.secondCoverage).toBeLessThan(0.2);
  });
});
