/**
 * An immutable slice of the inverted index covering the document ordinals [docBase, docLimit).
 *
 * Per term it holds a posting list (ascending ordinals, delta-coded varints, each followed by a
 * packed pair of field frequencies) and, in a separate stream, the positions of every posting.
 * Keeping positions apart means ranked retrieval never touches them; only phrase checks read
 * them. Every POSTINGS_BLOCK_SIZE postings a skip entry records where the next block starts in
 * both streams, so intersections and candidate scoring can jump over long lists.
 */
export interface Segment {
  readonly docBase: number;
  readonly docLimit: number;
  /** Term ids present here, ascending; the parallel arrays below are indexed by this slot. */
  readonly termIds: Uint32Array;
  readonly docFreqs: Uint32Array;
  /** Slot `s` occupies postings[postingStarts[s] .. postingStarts[s + 1]); likewise below. */
  readonly postingStarts: Uint32Array;
  readonly positionStarts: Uint32Array;
  readonly skipStarts: Uint32Array;
  /** Last ordinal of the block before the one the entry points to. */
  readonly skipDocs: Uint32Array;
  readonly skipPostingOffsets: Uint32Array;
  readonly skipPositionOffsets: Uint32Array;
  readonly postings: Uint8Array;
  readonly positions: Uint8Array;
}

export const POSTINGS_BLOCK_SIZE = 128;

/**
 * Body positions are shifted past the title plus this gap, so one position space serves both
 * fields and no phrase can straddle the end of a title and the start of an abstract.
 */
export const FIELD_POSITION_GAP = 16;

/** The slot of `termId` in the segment, or -1. */
export function findTermSlot(segment: Segment, termId: number): number {
  const ids = segment.termIds;
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = ids[mid]!;
    if (value === termId) return mid;
    if (value < termId) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

export function segmentByteSize(segment: Segment): number {
  return (
    segment.postings.byteLength +
    segment.positions.byteLength +
    segment.termIds.byteLength * 5 +
    segment.skipDocs.byteLength * 3 +
    segment.skipStarts.byteLength
  );
}
