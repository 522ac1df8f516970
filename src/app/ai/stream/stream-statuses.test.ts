import { describe, expect, it } from 'vitest';
import {
  DATA_MARKER,
  FINISHED_MARKER,
  PART_MARKER,
  STATUS_MARKER,
  parseStream,
} from '../../../shared/ai/stream-markers';
import {
  citedWorksOf,
  progressOf,
  removedCitationsOf,
  noRelevantLiteratureOf,
  shortenedFilesOf,
  summaryWorkOf,
} from './stream-statuses';

const work = {
  refId: 'ref_abcd1234',
  id: '10.1000/sleep',
  doi: '10.1000/sleep',
  title: 'Sleep and memory',
  authors: ['Ada Lovelace'],
  certainty: 0.42,
  reasoning: 'The abstract mentions memory only in passing.',
  evidence: 'Sleep helps memory.',
};

describe('stream statuses', () => {
  it('reads the checked citations, the removed count and the progress', () => {
    const parsed = parseStream(
      STATUS_MARKER('planning') +
        STATUS_MARKER('searching') +
        STATUS_MARKER('writing') +
        PART_MARKER('content') +
        'Sleep helps [ref_abcd1234].' +
        DATA_MARKER('citations', [work, 'not a work']) +
        DATA_MARKER('removed-citations', 2) +
        FINISHED_MARKER,
    );
    const [cited] = citedWorksOf(parsed.statuses);
    expect(cited).toMatchObject({
      refId: 'ref_abcd1234',
      certainty: 0.42,
      evidence: 'Sleep helps memory.',
    });
    expect(citedWorksOf(parsed.statuses)).toHaveLength(1);
    expect(removedCitationsOf(parsed.statuses)).toBe(2);
    expect(progressOf(parsed.statuses)).toBe('Writing');
  });

  it('answers nothing before the engine reports', () => {
    expect(citedWorksOf([])).toEqual([]);
    expect(progressOf([])).toBeNull();
    expect(summaryWorkOf(['searching'])).toBeNull();
    expect(summaryWorkOf(parseStream(DATA_MARKER('work', { title: 'On sleep' })).statuses)).toEqual(
      {
        title: 'On sleep',
      },
    );
  });

  it('names the files that were shortened to fit the prompt', () => {
    const parsed = parseStream(
      STATUS_MARKER('searching') +
        DATA_MARKER('files-shortened', ['interviews [part 1].txt', 42, 'data.xlsx']) +
        PART_MARKER('content') +
        'Text.',
    );
    expect(shortenedFilesOf(parsed.statuses)).toEqual(['interviews [part 1].txt', 'data.xlsx']);
    expect(shortenedFilesOf(parseStream(STATUS_MARKER('writing')).statuses)).toEqual([]);
  });

  it('tells when no relevant literature was found for the section', () => {
    const parsed = parseStream(
      DATA_MARKER('evidence', []) +
        DATA_MARKER('no-relevant-literature', true) +
        PART_MARKER('content') +
        'Text.',
    );
    expect(noRelevantLiteratureOf(parsed.statuses)).toBe(true);
    expect(noRelevantLiteratureOf(parseStream(DATA_MARKER('evidence', [])).statuses)).toBe(false);
  });
});
