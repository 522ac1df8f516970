import { describe, expect, it } from 'vitest';
import { emptyWork } from '../../../shared/citations/work';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import { relevantEvidence } from './relevant-evidence';

const work = (refId: string, title: string, abstract: string): ScoredWork => ({
  ...emptyWork({ refId, id: refId, title }),
  abstract,
  similarity_score: 1,
});

const STATINS = work(
  'ref_statin01',
  'Statin use and the risk of hip fracture in older women',
  'In a case-control study of 1,200 older women, current statin use was associated with a 40% reduction in the risk of hip fracture.',
);
const METFORMIN = work(
  'ref_metfor01',
  'Metformin and hepatic glucose production',
  'Metformin reduces hepatic glucose production by inhibiting gluconeogenesis in type 2 diabetes.',
);
const GENERIC = work(
  'ref_generic1',
  'A review of the evidence',
  'This review summarises the evidence from recent studies and discusses their results.',
);
const GALAXIES = work(
  'ref_galaxy01',
  'Dark matter halos of dwarf galaxies',
  'We measure rotation curves of dwarf galaxies and infer the density profiles of their dark matter halos.',
);

describe('relevantEvidence', () => {
  it('keeps the works relevant to a claim and drops generic and off-topic ones', () => {
    const found = relevantEvidence(
      ['Statin use lowers the risk of hip fracture in older women.'],
      [GENERIC, GALAXIES, STATINS, METFORMIN],
    );
    expect(found.map((entry) => entry.refId)).toEqual(['ref_statin01']);
  });

  it('gives each claim its best work before any claim gets a second', () => {
    const found = relevantEvidence(
      [
        'Statin use lowers the risk of hip fracture in older women.',
        'Metformin reduces hepatic glucose production.',
      ],
      [STATINS, METFORMIN],
    );
    expect(found.map((entry) => entry.refId)).toEqual(['ref_statin01', 'ref_metfor01']);
  });

  it('finds nothing for a section on an unrelated topic', () => {
    expect(
      relevantEvidence(
        ['Medieval Flemish tapestries used madder and weld as dyes.'],
        [STATINS, METFORMIN, GENERIC, GALAXIES],
      ),
    ).toEqual([]);
  });

  it('gives a claim two works above the floor, and more only when they are clearly on topic', () => {
    const statinStudy = (n: number) =>
      work(
        `ref_statin0${n}`,
        `Statin use and the risk of hip fracture in older women: cohort ${n}`,
        `In cohort ${n} of older women, statin use lowered the risk of hip fracture by 30%.`,
      );
    const loosely = (n: number) =>
      work(
        `ref_loose00${n}`,
        `Risk factors in older women ${n}`,
        `Older women face risks; statin prescriptions in primary care, study ${n}.`,
      );
    const found = relevantEvidence(
      ['Statin use lowers the risk of hip fracture in older women.'],
      [loosely(1), statinStudy(1), loosely(2), statinStudy(2), loosely(3), statinStudy(3)],
    ).map((entry) => entry.refId);
    expect(found.length).toBeLessThanOrEqual(4);
    expect(found.filter((refId) => refId.startsWith('ref_loose')).length).toBeLessThanOrEqual(2);
    expect(found).toContain('ref_statin01');
  });
});
