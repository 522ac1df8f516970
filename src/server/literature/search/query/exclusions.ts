import { NO_MORE_DOCS, PostingsCursor } from '../postings/postings-cursor';
import { findTermSlot, type Segment } from '../postings/segment';
import { matchPhrase, type ResolvedPhrase } from './phrase-matcher';
import { firstIndexAtLeast } from './sorted-arrays';

/** Answers "does this document contain the term?" for ascending ordinals, skipping ahead. */
class TermPresence {
  private segmentIndex = -1;
  private readonly cursor = new PostingsCursor();
  private exhausted = true;

  constructor(
    private readonly segments: readonly Segment[],
    private readonly termId: number,
  ) {}

  contains(doc: number): boolean {
    const segments = this.segments;
    while (this.segmentIndex < 0 || doc >= segments[this.segmentIndex]!.docLimit) {
      this.segmentIndex += 1;
      const segment = segments[this.segmentIndex];
      if (segment === undefined) return false;
      const slot = findTermSlot(segment, this.termId);
      this.exhausted = slot === -1;
      if (slot !== -1) this.cursor.open(segment, slot);
    }
    if (this.exhausted) return false;
    if (!this.cursor.advance(doc)) this.exhausted = true;
    return this.cursor.doc === doc && this.cursor.doc !== NO_MORE_DOCS;
  }
}

/** Same question for a precomputed ascending list of ordinals. */
class ListPresence {
  private index = 0;

  constructor(private readonly ordinals: Uint32Array) {}

  contains(doc: number): boolean {
    if (this.ordinals[this.index] !== undefined && this.ordinals[this.index]! < doc) {
      this.index = firstIndexAtLeast(this.ordinals, doc);
    }
    return this.ordinals[this.index] === doc;
  }
}

/**
 * The excluded words and phrases of one query. Single words are checked lazily with skipping
 * cursors, so excluding a common word costs a probe per candidate rather than a pass over its
 * whole posting list; phrases are matched up front (they need positions). Callers must ask
 * about ordinals in ascending order.
 */
export class Exclusions {
  private readonly checks: (TermPresence | ListPresence)[];

  constructor(segments: readonly Segment[], phrases: readonly ResolvedPhrase[]) {
    this.checks = phrases
      .filter((phrase) => phrase.termIds.length > 0 && !phrase.termIds.includes(-1))
      .map((phrase) =>
        phrase.termIds.length === 1
          ? new TermPresence(segments, phrase.termIds[0]!)
          : new ListPresence(matchPhrase(segments, phrase, null)),
      );
  }

  get isEmpty(): boolean {
    return this.checks.length === 0;
  }

  has(doc: number): boolean {
    for (const check of this.checks) if (check.contains(doc)) return true;
    return false;
  }
}
