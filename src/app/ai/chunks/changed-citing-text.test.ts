import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/document';
import { CHUNK_ANALYSIS_LIMIT, changedCitingText } from './changed-citing-text';

const before = parseMarkdown(
  [
    '## Introduction',
    'Sleep helps memory [ref_abcd1234].',
    'A paragraph without citations.',
    '- Listed claim [ref_efgh5678].',
  ].join('\n\n'),
);

describe('changedCitingText', () => {
  it('sends only the citing paragraphs that are new or edited', () => {
    const after = parseMarkdown(
      [
        '## Introduction',
        'Sleep strongly helps memory [ref_abcd1234].',
        'A paragraph without citations, edited.',
        '- Listed claim [ref_efgh5678].',
        'A new claim [ref_ijkl9012; ref_abcd1234].',
      ].join('\n\n'),
    );
    expect(changedCitingText(before, after, serializeMarkdown)).toBe(
      'Sleep strongly helps memory [ref_abcd1234].\n\nA new claim [ref_ijkl9012; ref_abcd1234].',
    );
  });

  it('finds citations in list items and headings, and nothing when only plain text changed', () => {
    const listEdited = parseMarkdown(
      [
        '## Introduction [ref_abcd1234]',
        'Sleep helps memory [ref_abcd1234].',
        'A paragraph without citations.',
        '- Listed claim, reworded [ref_efgh5678].',
      ].join('\n\n'),
    );
    expect(changedCitingText(before, listEdited, serializeMarkdown)).toBe(
      'Introduction [ref_abcd1234]\n\nListed claim, reworded [ref_efgh5678].',
    );
    const plainEdited = parseMarkdown(
      [
        '## Introduction',
        'Sleep helps memory [ref_abcd1234].',
        'Changed.',
        '- Listed claim [ref_efgh5678].',
      ].join('\n\n'),
    );
    expect(changedCitingText(before, plainEdited, serializeMarkdown)).toBe('');
  });

  it('stops at the server limit on a paragraph boundary', () => {
    const long = `${'word '.repeat(1500).trim()} [ref_abcd1234].`;
    const many = parseMarkdown(Array.from({ length: 5 }, (_, i) => `${i} ${long}`).join('\n\n'));
    const text = changedCitingText(parseMarkdown(''), many, serializeMarkdown);
    expect(text.length).toBeLessThanOrEqual(CHUNK_ANALYSIS_LIMIT);
    expect(text.split('\n\n')).toHaveLength(2);
  });
});
