import { PostingsCursor } from './postings-cursor';
import type { Segment } from './segment';
import type { DroppedPostingSink } from './segment-buffer';
import { SegmentWriter } from './segment-writer';

/**
 * Merges adjacent segments (ascending, non-overlapping ordinal ranges) into one, dropping the
 * postings of removed documents. Because ranges do not overlap, each term's merged list is the
 * concatenation of its lists in segment order; only the delta coding has to be redone.
 */
export function mergeSegments(
  segments: readonly Segment[],
  isLive: (ordinal: number) => boolean,
  onDrop: DroppedPostingSink,
): Segment {
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (first === undefined || last === undefined) throw new Error('Nothing to merge');
  const expectedBytes = segments.reduce((sum, s) => sum + s.postings.length, 0);
  const writer = new SegmentWriter(first.docBase, last.docLimit, expectedBytes);
  const nextSlot = segments.map(() => 0);
  const cursor = new PostingsCursor();

  for (;;) {
    let termId = Infinity;
    segments.forEach((segment, i) => {
      const slot = nextSlot[i]!;
      if (slot < segment.termIds.length) termId = Math.min(termId, segment.termIds[slot]!);
    });
    if (termId === Infinity) break;
    writer.startTerm(termId);
    segments.forEach((segment, i) => {
      const slot = nextSlot[i]!;
      if (segment.termIds[slot] !== termId) return;
      nextSlot[i] = slot + 1;
      cursor.open(segment, slot);
      while (cursor.next()) {
        if (!isLive(cursor.doc)) {
          onDrop(termId);
          continue;
        }
        cursor.readPositions();
        writer.addPosting(cursor.doc, cursor.tfTitle, cursor.tfBody, cursor.positions, 0);
      }
    });
    writer.endTerm();
  }
  return writer.finish();
}
