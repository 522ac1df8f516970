import { describe, expect, it } from 'vitest';
import { emptyWork } from '../../../shared/citations/work';
import { addCitations } from './add-citations';

const apnea = {
  ...emptyWork({ refId: 'ref_apnea001', id: 'a', title: 'Snoring and apnea' }),
  abstract: 'Irregular snoring sounds indicate obstructive sleep apnea in the general population.',
  similarity_score: 3,
};
const weather = {
  ...emptyWork({ refId: 'ref_weath001', id: 'w', title: 'Weather' }),
  abstract: 'Rain fell in the north while the south stayed dry all summer.',
  similarity_score: 2,
};

describe('addCitations', () => {
  it('cites a supporting retrieved work after a sentence and rewords nothing', async () => {
    const queries: string[] = [];
    const result = await addCitations(
      '- Irregular snoring sounds can indicate obstructive sleep apnea.\n\nShort one. Already cited here in this sentence [ref_other001].',
      async (claim) => {
        queries.push(claim);
        return [weather, apnea];
      },
    );
    expect(result.text).toBe(
      '- Irregular snoring sounds can indicate obstructive sleep apnea [ref_apnea001].\n\nShort one. Already cited here in this sentence [ref_other001].',
    );
    expect(queries).toEqual(['Irregular snoring sounds can indicate obstructive sleep apnea.']);
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]?.certainty).toBeGreaterThan(0.5);
    expect([...result.works.keys()]).toEqual(['ref_apnea001']);
  });

  it('adds nothing when no retrieved work is relevant to the sentence', async () => {
    const result = await addCitations(
      'Irregular snoring sounds can indicate sleep apnea.',
      async () => [weather],
    );
    expect(result.text).toBe('Irregular snoring sounds can indicate sleep apnea.');
    expect(result.checks).toEqual([]);
  });
});
