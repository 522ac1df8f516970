import { GrowableUint32Array } from '../postings/growable-arrays';
import { NO_MORE_DOCS, PostingsCursor } from '../postings/postings-cursor';
import { findTermSlot, type Segment } from '../postings/segment';
import { firstIndexAtLeast } from './sorted-arrays';

/** A phrase with its terms resolved to ids; any id of -1 means the phrase cannot match. */
export interface ResolvedPhrase {
  termIds: number[];
  offsets: number[];
}

function contains(sorted: Uint32Array, count: number, value: number): boolean {
  for (let i = 0; i < count; i++) {
    const found = sorted[i]!;
    if (found >= value) return found === value;
  }
  return false;
}

// Positions lists are a handful of entries, so linear scans beat anything cleverer here.
function positionsLineUp(cursors: PostingsCursor[], offsets: number[]): boolean {
  const lead = cursors[0]!;
  const anchorCount = lead.readPositions();
  for (let a = 0; a < anchorCount; a++) {
    const start = lead.positions[a]! - offsets[0]!;
    let all = true;
    for (let j = 1; j < cursors.length && all; j++) {
      const cursor = cursors[j]!;
      const count = cursor.readPositions();
      all = contains(cursor.positions, count, start + offsets[j]!);
    }
    if (all) return true;
  }
  return false;
}

function matchInSegment(
  segment: Segment,
  phrase: ResolvedPhrase,
  within: Uint32Array | null,
  out: GrowableUint32Array,
): void {
  const cursors: PostingsCursor[] = [];
  for (const termId of phrase.termIds) {
    const slot = findTermSlot(segment, termId);
    if (slot === -1) return;
    cursors.push(new PostingsCursor().open(segment, slot));
  }
  // Drive the intersection from the shortest list; the others only advance.
  const lead = cursors.reduce((best, cursor) => (cursor.length < best.length ? cursor : best));
  let withinIndex = within === null ? 0 : firstIndexAtLeast(within, segment.docBase);
  let target = segment.docBase;
  for (;;) {
    if (!lead.advance(target)) return;
    let doc = lead.doc;
    if (within !== null) {
      while (withinIndex < within.length && within[withinIndex]! < doc) withinIndex += 1;
      if (withinIndex >= within.length) return;
      if (within[withinIndex]! !== doc) {
        target = within[withinIndex]!;
        continue;
      }
    }
    let agreed = true;
    for (const cursor of cursors) {
      if (cursor === lead) continue;
      cursor.advance(doc);
      if (cursor.doc === NO_MORE_DOCS) return;
      if (cursor.doc !== doc) {
        doc = cursor.doc;
        agreed = false;
        break;
      }
    }
    if (!agreed) {
      target = doc;
      continue;
    }
    if (cursors.length === 1 || positionsLineUp(cursors, phrase.offsets)) out.push(doc);
    target = doc + 1;
  }
}

/**
 * Ordinals (ascending) of documents containing the phrase, optionally only among `within`
 * (ascending). Positions are compared only once every term is known to be in the document.
 */
export function matchPhrase(
  segments: readonly Segment[],
  phrase: ResolvedPhrase,
  within: Uint32Array | null,
): Uint32Array {
  const out = new GrowableUint32Array();
  if (phrase.termIds.length === 0 || phrase.termIds.includes(-1)) return out.toArray();
  for (const segment of segments) matchInSegment(segment, phrase, within, out);
  return out.toArray();
}
