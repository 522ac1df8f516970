import { describe, expect, it } from 'vitest';
import { highlightEvidence } from './evidence-highlight';

const abstract =
  'We studied 40 adults. Sleep deprivation impaired recall by 20%. Effects faded after a week.';

describe('highlightEvidence', () => {
  it('marks the evidence sentence inside the paragraph', () => {
    expect(highlightEvidence(abstract, 'Sleep deprivation impaired recall by 20%.')).toEqual([
      { text: 'We studied 40 adults. ', evidence: false },
      { text: 'Sleep deprivation impaired recall by 20%.', evidence: true },
      { text: ' Effects faded after a week.', evidence: false },
    ]);
  });

  it('tolerates line breaks and case in the reported sentence', () => {
    const pieces = highlightEvidence(abstract, 'we studied\n40 adults.');
    expect(pieces[0]).toEqual({ text: 'We studied 40 adults.', evidence: true });
  });

  it('leaves the paragraph whole when the sentence is elsewhere or missing', () => {
    expect(highlightEvidence(abstract, 'Something else entirely.')).toEqual([
      { text: abstract, evidence: false },
    ]);
    expect(highlightEvidence(abstract, null)).toEqual([{ text: abstract, evidence: false }]);
    expect(highlightEvidence(abstract, '  ')).toEqual([{ text: abstract, evidence: false }]);
  });
});
