import { describe, expect, it } from 'vitest';
import {
  arxivIdOf,
  doiUrl,
  InvalidDoiError,
  isArxivId,
  isDoi,
  normalizeDoi,
  parseDoi,
  registeredDoi,
} from './doi';

describe('normalizeDoi', () => {
  it.each([
    ['10.1038/nature14539', '10.1038/nature14539'],
    ['  10.1038/NATURE14539 ', '10.1038/nature14539'],
    ['https://doi.org/10.1037/ppm0000185', '10.1037/ppm0000185'],
    ['http://dx.doi.org/10.1037/PPM0000185', '10.1037/ppm0000185'],
    ['doi.org/10.1037/ppm0000185', '10.1037/ppm0000185'],
    ['doi:10.1145/3290605.3300233', '10.1145/3290605.3300233'],
    ['DOI: 10.1145/3290605.3300233', '10.1145/3290605.3300233'],
    ['https://doi.org/10.1002%2F(SICI)1097-4571', '10.1002/(sici)1097-4571'],
    [
      '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0',
      '10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0',
    ],
    ['arxiv:1706.03762', 'arxiv:1706.03762'],
    ['arXiv:1706.03762v5', 'arxiv:1706.03762v5'],
    ['ARXIV: 2101.00001', 'arxiv:2101.00001'],
    ['arxiv:hep-th/9901001', 'arxiv:hep-th/9901001'],
    ['arXiv:math.GT/0309136', 'arxiv:math.gt/0309136'],
    ['https://arxiv.org/abs/1706.03762', 'arxiv:1706.03762'],
    ['https://arxiv.org/pdf/1706.03762v2.pdf', 'arxiv:1706.03762v2'],
    ['10.48550/arXiv.1706.03762', 'arxiv:1706.03762'],
    ['https://doi.org/10.48550/ARXIV.1706.03762', 'arxiv:1706.03762'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeDoi(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['nature14539'],
    ['10.1/abc'],
    ['10.1038'],
    ['10.1038/'],
    ['10.1038/has space'],
    ['11.1038/nature14539'],
    ['https://example.org/10.1038/nature14539'],
    ['arxiv:'],
    ['arxiv:not-an-id'],
    ['arxiv:1706.037'],
  ])('rejects %j with a clear error', (input) => {
    expect(() => normalizeDoi(input)).toThrow(InvalidDoiError);
    expect(() => normalizeDoi(input)).toThrow(
      `Invalid DOI "${input}": expected a DOI such as 10.1038/nature14539 or an arXiv id such as arxiv:1706.03762`,
    );
    expect(parseDoi(input)).toBeNull();
    expect(isDoi(input)).toBe(false);
  });

  it('is idempotent', () => {
    for (const input of ['https://doi.org/10.1037/PPM0000185', 'arXiv:1706.03762v5']) {
      const once = normalizeDoi(input);
      expect(normalizeDoi(once)).toBe(once);
    }
  });
});

describe('arXiv ids', () => {
  it('recognises only normalised arxiv: values as arXiv ids', () => {
    expect(isArxivId('arxiv:1706.03762')).toBe(true);
    expect(isArxivId('10.1038/nature14539')).toBe(false);
    expect(arxivIdOf('10.48550/arXiv.2101.00001')).toBe('2101.00001');
    expect(arxivIdOf('10.1038/nature14539')).toBeNull();
  });

  it('maps arXiv ids to their DataCite DOI, without the version', () => {
    expect(registeredDoi('arxiv:1706.03762v5')).toBe('10.48550/arXiv.1706.03762');
    expect(registeredDoi('10.1038/nature14539')).toBe('10.1038/nature14539');
    expect(doiUrl('arxiv:1706.03762')).toBe('https://doi.org/10.48550/arXiv.1706.03762');
    expect(doiUrl('10.1038/nature14539')).toBe('https://doi.org/10.1038/nature14539');
  });
});
