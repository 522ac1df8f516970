import { describe, expect, it } from 'vitest';
import { notebookOf } from './notebook';
import { reportSources, unsupportedNumbers } from './report-numbers';

const OUTPUT = [
  '          count       mean       std   min   25%   50%    75%   max',
  'group',
  'active    10.0  74.700000  5.292552  68.0  70.5  74.0  77.75  84.0',
  'lecture    9.0  65.333333  5.244044  58.0  62.0  65.0  69.00  74.0',
  'Shapiro lecture: ShapiroResult(statistic=0.9766511917114258, pvalue=0.9448787569999695)',
  'Shapiro active: ShapiroResult(statistic=0.9574266076087952, pvalue=0.7561792135238647)',
  'Welch t(16.82) = 3.870, p = 0.0012, Cohen d = 1.78',
  'chi2 = 12.5, p = 2.31e-07',
].join('\n');

describe('the numbers of a report checked against the outputs', () => {
  it('accepts printed values however rounded, and finds what the model worked out itself', () => {
    const report =
      "Students in the active-learning group (M = 74.7, SD = 5.29, n = 10) scored higher than those in the lecture group (M = 65.33, SD = 5.24, n = 9), Welch's t(16.82) = 3.87, p = .001, Cohen's d = 1.78; the difference of 9.4 points is significant at the .05 level. Scores were close to normal (Shapiro–Wilk p = 0.94 and p = 0.76). One score was missing, so 19 students were compared.";
    expect(unsupportedNumbers(report, [OUTPUT])).toEqual(['9.4', '19']);
  });

  it('reads negative statistics, percentages and powers of ten', () => {
    expect(
      unsupportedNumbers('t = −3.9, p = 2.3e-07 (2.31 × 10⁻⁷), 97.67% and 1250%', [OUTPUT]),
    ).toEqual([]);
    expect(unsupportedNumbers('χ² = 12.6, p = 2.4e-07', [OUTPUT])).toEqual(['12.6', '2.4e-07']);
  });

  it('takes the question and the cells that ran well, never a failed attempt', () => {
    const notebook = notebookOf([
      { cell_type: 'markdown', id: 'm', source: 'Plan: alpha 0.2', metadata: {} },
      {
        cell_type: 'code',
        id: 'a',
        source: 'print(41.5)',
        execution_count: 1,
        outputs: [{ output_type: 'stream', name: 'stdout', text: '41.5\n' }],
        metadata: {},
      },
      {
        cell_type: 'code',
        id: 'b',
        source: 'print(73.25)',
        execution_count: 2,
        outputs: [{ output_type: 'stream', name: 'stdout', text: '73.25\n' }],
        metadata: { tags: ['raises-exception'] },
      },
    ]);
    const sources = reportSources('Do 2024 results differ?', notebook);
    expect(unsupportedNumbers('In 2024 the mean was 41.5, not 73.25; alpha 0.2.', sources)).toEqual(
      ['73.25', '0.2'],
    );
  });
});
