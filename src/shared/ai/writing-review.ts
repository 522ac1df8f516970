/**
 * What the AI Writing Process tells the user about a written section's citations before they
 * save it (issue 21 item 6): the sentences to check.
 */
export interface SentenceFlag {
  /** The sentence as it stands in the written text. */
  sentence: string;
  /**
   * weak: a cited work's certainty is at or below the low-certainty threshold (000 §5);
   * removed: the model cited a work that was not in the evidence, and the citation was removed.
   */
  kind: 'weak' | 'removed';
  /** The weakly supported works (empty for removed: the removed ids were never real works). */
  refIds: string[];
}
