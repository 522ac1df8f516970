import { describe, expect, it } from 'vitest';
import {
  DATA_MARKER,
  ERROR_MARKER,
  FINISHED_MARKER,
  PART_MARKER,
  STATUS_MARKER,
  parseStream,
  statusData,
} from './stream-markers';

describe('parseStream', () => {
  it('shows only the text after the part marker, without internal markers', () => {
    const body = `${STATUS_MARKER('searching')}${PART_MARKER('content')}Hello ${DATA_MARKER('citations', [{ refId: 'ref_abcd1234' }])}world${FINISHED_MARKER}`;
    expect(parseStream(body)).toEqual({
      part: 'content',
      text: 'Hello world',
      statuses: ['searching', `citations:${encodeURIComponent('[{"refId":"ref_abcd1234"}]')}`],
      finished: true,
      error: null,
    });
  });

  it('round-trips status data that contains brackets', () => {
    const parsed = parseStream(`${PART_MARKER('content')}${DATA_MARKER('citations', ['a]b'])}`);
    expect(parsed.statuses.map((status) => statusData(status, 'citations'))).toEqual([['a]b']]);
    expect(statusData('searching', 'citations')).toBeUndefined();
  });

  it('holds back a marker cut in half until it is complete', () => {
    expect(parseStream(`${PART_MARKER('content')}Some text [STAT`).text).toBe('Some text ');
    expect(parseStream(`${PART_MARKER('content')}Some text [STATUS:FINISHED]`).finished).toBe(true);
  });

  it('keeps ordinary brackets such as citations in the text', () => {
    const parsed = parseStream(`${PART_MARKER('content')}A claim [ref_abcd1234].`);
    expect(parsed.text).toBe('A claim [ref_abcd1234].');
  });

  it('reports an error marker', () => {
    const parsed = parseStream(`${ERROR_MARKER('Model unavailable: [429]')}`);
    expect(parsed.error).toBe('Model unavailable: [429]');
    expect(parsed.part).toBeNull();
  });
});
