import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCslJson } from '../import/csl-json';
import { worksToCslItems, worksToCslJson } from './csl-json';
import { arbitraryWork, comparable, roundTripWorks } from './round-trip.fixtures';

describe('worksToCslJson', () => {
  it('writes CSL items keyed by refId with the .bib citation keys', () => {
    const [item] = worksToCslItems(roundTripWorks);
    expect(item).toMatchObject({
      id: 'ref_grady019',
      'citation-key': 'grady2019emotions',
      type: 'article-journal',
      DOI: '10.1037/ppm0000185',
      issued: { 'date-parts': [[2019]] },
    });
  });

  it('round-trips: export CSL-JSON → import gives the same works', () => {
    const imported = importCslJson(worksToCslJson(roundTripWorks));
    expect(imported.errors).toEqual([]);
    expect(imported.works).toEqual(roundTripWorks.map(comparable));
  });

  it('round-trips generated works', () => {
    fc.assert(
      fc.property(arbitraryWork, (work) => {
        const imported = importCslJson(worksToCslJson([work]));
        expect(imported.errors).toEqual([]);
        expect(imported.works).toEqual([comparable(work)]);
      }),
      { numRuns: 200 },
    );
  });
});
