import type { Bm25fScorer } from '../bm25f';
import type { DocColumns } from '../doc-table';
import { PostingsCursor } from '../postings/postings-cursor';
import { findTermSlot, type Segment } from '../postings/segment';
import type { BoundedTerm } from './max-score';
import { firstIndexAtLeast } from './sorted-arrays';
import { TopK } from './top-k';

export interface CandidateScoring {
  readonly segments: readonly Segment[];
  readonly scorer: Bm25fScorer;
  readonly columns: DocColumns;
  /** Score accumulator by ordinal; the caller zeroes the candidates' entries. */
  readonly scores: Float64Array;
}

function kthBestScore(candidates: Uint32Array, scores: Float64Array, k: number): number {
  const top = new TopK(k);
  for (const doc of candidates) top.offer(doc, scores[doc]!);
  return top.threshold;
}

/** Keeps the candidates that could still reach the top k with `rest` more score. */
function prune(candidates: Uint32Array, scores: Float64Array, k: number, rest: number) {
  if (candidates.length <= k) return candidates;
  const threshold = kthBestScore(candidates, scores, k);
  return candidates.filter((doc) => scores[doc]! + rest >= threshold);
}

function suffixBounds(terms: readonly BoundedTerm[]): number[] {
  const rest = new Array<number>(terms.length + 1).fill(0);
  for (let i = terms.length - 1; i >= 0; i--) rest[i] = rest[i + 1]! + terms[i]!.bound;
  return rest;
}

/**
 * Ranks a fixed candidate list (the documents matching every required phrase) by the query's
 * terms, strongest first. Cursors jump to each candidate through skip entries; between terms,
 * candidates that can no longer reach the top k are dropped, so common terms are only read
 * where they can still change the result.
 */
export function rankCandidates(
  context: CandidateScoring,
  candidates: Uint32Array,
  terms: readonly BoundedTerm[],
  k: number,
): { ordinal: number; score: number }[] {
  const { scores, scorer, columns } = context;
  const { titleLengths, bodyLengths } = columns;
  const strongestFirst = [...terms].sort((a, b) => b.bound - a.bound);
  const rest = suffixBounds(strongestFirst);
  const cursor = new PostingsCursor();
  let live = prune(candidates, scores, k, rest[0]!);
  strongestFirst.forEach((term, t) => {
    for (const segment of context.segments) {
      const slot = findTermSlot(segment, term.termId);
      if (slot === -1) continue;
      cursor.open(segment, slot);
      for (let i = firstIndexAtLeast(live, segment.docBase); i < live.length; i++) {
        const doc = live[i]!;
        if (doc >= segment.docLimit || !cursor.advance(doc)) break;
        if (cursor.doc !== doc) continue;
        const { tfTitle, tfBody } = cursor;
        scores[doc]! +=
          term.weight *
          scorer.score(term.idf, tfTitle, tfBody, titleLengths[doc]!, bodyLengths[doc]!);
      }
    }
    live = prune(live, scores, k, rest[t + 1]!);
  });
  const top = new TopK(k);
  for (const doc of live) top.offer(doc, scores[doc]!);
  return top.drain().map(({ doc, score }) => ({ ordinal: doc, score }));
}
