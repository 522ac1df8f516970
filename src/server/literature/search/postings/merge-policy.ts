/**
 * Chooses which adjacent segments to merge after a seal. Segments are grouped in size tiers
 * growing by MERGE_FACTOR; when the newest tier holds MERGE_FACTOR segments they become one.
 * Every document is therefore rewritten about log_4(N / buffer) times, while the number of
 * segments a query visits stays logarithmic. A segment that has lost more than a third of its
 * documents is rewritten on its own so removed postings do not linger.
 *
 * Merges run synchronously inside flush (and so inside a search that follows writes), so the
 * automatic ones never produce a segment above MAX_AUTO_MERGE_DOCS: each stays a matter of
 * seconds. Larger merges happen only in optimize(), which the caller runs when it can wait.
 */

export interface SegmentShape {
  /** Documents whose postings the segment still holds (live or removed, not yet purged). */
  readonly docs: number;
  readonly deadDocs: number;
  readonly bytes: number;
}

export interface MergeRange {
  readonly start: number;
  readonly end: number;
}

export const MERGE_FACTOR = 4;
const MIN_TIER_DOCS = 4096;
const DEAD_FRACTION_LIMIT = 1 / 3;
export const MAX_AUTO_MERGE_DOCS = 250_000;
/** Offsets inside a segment are 32-bit; stay well clear of that. */
export const MAX_SEGMENT_BYTES = 2 ** 31;

function tierOf(docs: number): number {
  return Math.floor(
    Math.log(Math.max(docs, MIN_TIER_DOCS) / MIN_TIER_DOCS) / Math.log(MERGE_FACTOR),
  );
}

export function pickMerge(segments: readonly SegmentShape[]): MergeRange | null {
  const count = segments.length;
  const newest = segments[count - 1];
  if (newest === undefined) return null;
  const tier = tierOf(newest.docs);
  let start = count - 1;
  while (start > 0 && count - start < MERGE_FACTOR && tierOf(segments[start - 1]!.docs) === tier) {
    start -= 1;
  }
  const run = segments.slice(start);
  const docs = run.reduce((sum, segment) => sum + segment.docs - segment.deadDocs, 0);
  if (run.length >= MERGE_FACTOR && docs <= MAX_AUTO_MERGE_DOCS) return { start, end: count };
  const decayed = segments.findIndex(
    (segment) =>
      segment.docs > 0 &&
      segment.docs <= MAX_AUTO_MERGE_DOCS &&
      segment.deadDocs / segment.docs > DEAD_FRACTION_LIMIT,
  );
  return decayed === -1 ? null : { start: decayed, end: decayed + 1 };
}

/** Merges everything that fits under the size limit into as few segments as possible. */
export function planFullMerge(segments: readonly SegmentShape[]): MergeRange[] {
  const ranges: MergeRange[] = [];
  let start = 0;
  let bytes = 0;
  segments.forEach((segment, i) => {
    if (i > start && bytes + segment.bytes > MAX_SEGMENT_BYTES) {
      ranges.push({ start, end: i });
      start = i;
      bytes = 0;
    }
    bytes += segment.bytes;
  });
  if (start < segments.length) ranges.push({ start, end: segments.length });
  return ranges.filter((range) => range.end - range.start > 1 || hasDeadDocs(segments, range));
}

function hasDeadDocs(segments: readonly SegmentShape[], range: MergeRange): boolean {
  return segments.slice(range.start, range.end).some((segment) => segment.deadDocs > 0);
}
