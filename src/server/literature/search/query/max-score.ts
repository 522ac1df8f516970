import type { Bm25fScorer } from '../bm25f';
import type { DocColumns } from '../doc-table';
import { NO_MORE_DOCS, PostingsCursor } from '../postings/postings-cursor';
import { findTermSlot, type Segment } from '../postings/segment';
import { TopK } from './top-k';

export interface BoundedTerm {
  termId: number;
  idf: number;
  weight: number;
  /** No document can get more than this from the term: tf~/(k1 + tf~) < 1. */
  bound: number;
}

interface TermCursor {
  cursor: PostingsCursor;
  term: BoundedTerm;
}

/** Ordinals scored together; the window buffers stay in L1/L2 cache. */
const WINDOW = 4096;
/** Below this many candidates a window's list is sorted; above, the window is scanned. */
const SORT_LIMIT = 256;

const UNSEEN = 0;
const ADMITTED = 1;
const REJECTED = 2;

/** Window buffers, reused across segments of one query. */
class Window {
  readonly scores = new Float64Array(WINDOW);
  readonly states = new Uint8Array(WINDOW);
  readonly touched = new Uint16Array(WINDOW);
  touchedCount = 0;
}

/**
 * Top-k retrieval with MaxScore (Turtle & Flood 1995) scored in windows of ordinals, the way
 * Lucene's MaxScoreBulkScorer does it. Terms are ordered by score bound; once the k-th best
 * score θ exceeds the summed bounds of the weakest terms, those become "non-essential": a
 * document found only in them cannot enter the top k. Inside a window the essential terms are
 * added term-at-a-time into a small buffer (tight loops, no per-document merging of cursors);
 * then each candidate probes the non-essential lists with skips, strongest first, stopping as
 * soon as it cannot reach θ. The result is exact.
 *
 * Candidates are offered in ascending ordinal order and TopK keeps the lower ordinal on equal
 * scores, so a later document must beat θ strictly; the pruning tests rely on that. `eligible`
 * (filters) is asked on a document's first posting in a window, in no particular order;
 * `notExcluded` only for candidates that could still make the top k, in ascending order.
 */
export function maxScoreTopK(
  segments: readonly Segment[],
  terms: readonly BoundedTerm[],
  scorer: Bm25fScorer,
  columns: DocColumns,
  eligible: (ordinal: number) => boolean,
  notExcluded: ((ordinal: number) => boolean) | null,
  k: number,
): TopK {
  const top = new TopK(k);
  const window = new Window();
  const ascending = [...terms].sort((a, b) => a.bound - b.bound);
  for (const segment of segments) {
    const cursors: TermCursor[] = [];
    for (const term of ascending) {
      const slot = findTermSlot(segment, term.termId);
      if (slot === -1) continue;
      const cursor = new PostingsCursor().open(segment, slot);
      cursor.next();
      cursors.push({ cursor, term });
    }
    if (cursors.length === 0) continue;
    new SegmentSearch(cursors, scorer, columns, eligible, notExcluded, top, window).run();
  }
  return top;
}

class SegmentSearch {
  private readonly boundUpTo: Float64Array;
  private firstEssential = 0;

  constructor(
    private readonly cursors: TermCursor[],
    private readonly scorer: Bm25fScorer,
    private readonly columns: DocColumns,
    private readonly eligible: (ordinal: number) => boolean,
    private readonly notExcluded: ((ordinal: number) => boolean) | null,
    private readonly top: TopK,
    private readonly window: Window,
  ) {
    // boundUpTo[i]: the most terms 0..i together can contribute.
    this.boundUpTo = new Float64Array(cursors.length);
    let sum = 0;
    cursors.forEach(({ term }, i) => {
      sum += term.bound;
      this.boundUpTo[i] = sum;
    });
    this.updateEssentials();
  }

  run(): void {
    const count = this.cursors.length;
    while (this.firstEssential < count) {
      let start = NO_MORE_DOCS;
      for (let i = this.firstEssential; i < count; i++) {
        start = Math.min(start, this.cursors[i]!.cursor.doc);
      }
      if (start === NO_MORE_DOCS) return;
      this.collectEssentials(start, start + WINDOW);
      this.scoreCandidates(start);
      this.updateEssentials();
    }
  }

  private updateEssentials(): void {
    const threshold = this.top.threshold;
    while (
      this.firstEssential < this.cursors.length &&
      this.boundUpTo[this.firstEssential]! <= threshold
    ) {
      this.firstEssential += 1;
    }
  }

  private collectEssentials(start: number, end: number): void {
    const { scores, states, touched } = this.window;
    const { titleLengths, bodyLengths } = this.columns;
    const scorer = this.scorer;
    let touchedCount = 0;
    for (let i = this.firstEssential; i < this.cursors.length; i++) {
      const { cursor, term } = this.cursors[i]!;
      while (cursor.doc < end) {
        const doc = cursor.doc;
        const at = doc - start;
        let state = states[at]!;
        if (state === UNSEEN) {
          state = this.eligible(doc) ? ADMITTED : REJECTED;
          states[at] = state;
          touched[touchedCount++] = at;
          if (state === ADMITTED) scores[at] = 0;
        }
        if (state === ADMITTED) {
          scores[at]! +=
            term.weight *
            scorer.score(
              term.idf,
              cursor.tfTitle,
              cursor.tfBody,
              titleLengths[doc]!,
              bodyLengths[doc]!,
            );
        }
        cursor.next();
      }
    }
    this.window.touchedCount = touchedCount;
  }

  private scoreCandidates(start: number): void {
    const { scores, states, touched, touchedCount } = this.window;
    if (touchedCount <= SORT_LIMIT) {
      const order = touched.subarray(0, touchedCount).sort();
      for (const at of order) {
        if (states[at] === ADMITTED) this.finish(start + at, scores[at]!);
        states[at] = UNSEEN;
      }
      return;
    }
    for (let at = 0; at < WINDOW; at++) {
      if (states[at] === ADMITTED) this.finish(start + at, scores[at]!);
      states[at] = UNSEEN;
    }
  }

  private finish(doc: number, essentialScore: number): void {
    const { titleLengths, bodyLengths } = this.columns;
    const threshold = this.top.threshold;
    let score = essentialScore;
    if (score + (this.boundUpTo[this.firstEssential - 1] ?? 0) <= threshold) return;
    // Candidates arrive here in ascending order, which is what lazy exclusion checks need.
    if (this.notExcluded !== null && !this.notExcluded(doc)) return;
    for (let i = this.firstEssential - 1; i >= 0; i--) {
      if (score + this.boundUpTo[i]! <= threshold) return;
      const { cursor, term } = this.cursors[i]!;
      if (cursor.doc < doc) cursor.advance(doc);
      if (cursor.doc === doc) {
        score +=
          term.weight *
          this.scorer.score(
            term.idf,
            cursor.tfTitle,
            cursor.tfBody,
            titleLengths[doc]!,
            bodyLengths[doc]!,
          );
      }
    }
    if (score > threshold) this.top.offer(doc, score);
  }
}
