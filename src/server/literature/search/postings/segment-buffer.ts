import type { DocumentTerms } from './document-terms';
import { GrowableUint32Array } from './growable-arrays';
import type { Segment } from './segment';
import { SegmentWriter } from './segment-writer';

/** Receives every posting a seal or merge drops because its document was removed. */
export type DroppedPostingSink = (termId: number) => void;

// Row layout, interleaved so that one row is one cache line access, not five.
const TERM = 0;
const DOC = 1;
const FREQS = 2;
const POSITIONS = 3;
const ROW_WIDTH = 4;
const INITIAL_ROWS = 1 << 12;

/**
 * Newly added documents land here as flat rows (term, doc, packed frequencies, position
 * start): 16 bytes a posting plus 4 per position, and no per-term objects. Sealing groups the
 * rows by term with one counting sort. The sort scatters whole rows and their positions into
 * term order, so encoding then reads memory sequentially; indirect access through a permutation
 * was dominated by cache misses at a few million rows. Rows arrive in ordinal order and the
 * sort is stable, so every term's postings come out ascending.
 */
export class SegmentBuffer {
  private rows = new GrowableUint32Array(INITIAL_ROWS * ROW_WIDTH);
  private positions = new GrowableUint32Array(INITIAL_ROWS * 2);
  private docBase: number;
  private docLimit: number;

  constructor(firstOrdinal: number) {
    this.docBase = firstOrdinal;
    this.docLimit = firstOrdinal;
  }

  get postingCount(): number {
    return this.rows.length / ROW_WIDTH;
  }

  get isEmpty(): boolean {
    return this.docLimit === this.docBase;
  }

  /** Ordinals must be added in increasing order, each exactly once. */
  addDocument(ordinal: number, terms: DocumentTerms): void {
    const slotCount = terms.terms.length;
    this.rows.reserve(this.rows.length + slotCount * ROW_WIDTH);
    this.positions.reserve(this.positions.length + terms.positions.length);
    const rows = this.rows;
    const positions = this.positions;
    for (let slot = 0; slot < slotCount; slot++) {
      const from = terms.positionStarts.data[slot]!;
      const to = terms.positionStarts.data[slot + 1]!;
      rows.push(terms.terms.data[slot]!);
      rows.push(ordinal);
      // Frequencies above 65535 in one field are clamped; no abstract comes near that.
      const title = Math.min(terms.titleCounts.data[slot]!, 0xffff);
      const body = Math.min(terms.bodyCounts.data[slot]!, 0xffff);
      rows.push((title << 16) | body);
      rows.push(positions.length);
      for (let i = from; i < to; i++) positions.push(terms.positions.data[i]!);
    }
    this.docLimit = ordinal + 1;
  }

  /** Encodes the buffer as a segment and empties it; null when nothing was buffered. */
  seal(
    vocabularySize: number,
    isLive: (ordinal: number) => boolean,
    onDrop: DroppedPostingSink,
  ): Segment | null {
    if (this.isEmpty) return null;
    const { rows, positions } = this.sortedByTerm(vocabularySize);
    const rowCount = this.postingCount;
    const writer = new SegmentWriter(this.docBase, this.docLimit, rowCount * 3);
    let currentTerm = -1;
    for (let row = 0; row < rowCount; row++) {
      const at = row * ROW_WIDTH;
      const termId = rows[at + TERM]!;
      if (termId !== currentTerm) {
        if (currentTerm !== -1) writer.endTerm();
        writer.startTerm(termId);
        currentTerm = termId;
      }
      const doc = rows[at + DOC]!;
      if (!isLive(doc)) {
        onDrop(termId);
        continue;
      }
      const freqs = rows[at + FREQS]!;
      writer.addPosting(doc, freqs >>> 16, freqs & 0xffff, positions, rows[at + POSITIONS]!);
    }
    if (currentTerm !== -1) writer.endTerm();
    const segment = writer.finish();
    this.reset(this.docLimit);
    return segment;
  }

  private sortedByTerm(vocabularySize: number): { rows: Uint32Array; positions: Uint32Array } {
    const rowCount = this.postingCount;
    const source = this.rows.data;
    const sourcePositions = this.positions.data;
    const rowStarts = new Uint32Array(vocabularySize + 1);
    const positionStarts = new Uint32Array(vocabularySize + 1);
    for (let row = 0; row < rowCount; row++) {
      const at = row * ROW_WIDTH;
      const term = source[at + TERM]!;
      const freqs = source[at + FREQS]!;
      rowStarts[term + 1]! += 1;
      positionStarts[term + 1]! += (freqs >>> 16) + (freqs & 0xffff);
    }
    for (let t = 0; t < vocabularySize; t++) {
      rowStarts[t + 1]! += rowStarts[t]!;
      positionStarts[t + 1]! += positionStarts[t]!;
    }
    const rows = new Uint32Array(rowCount * ROW_WIDTH);
    const positions = new Uint32Array(this.positions.length);
    for (let row = 0; row < rowCount; row++) {
      const at = row * ROW_WIDTH;
      const term = source[at + TERM]!;
      const freqs = source[at + FREQS]!;
      const count = (freqs >>> 16) + (freqs & 0xffff);
      const to = rowStarts[term]!++ * ROW_WIDTH;
      const positionTo = positionStarts[term]!;
      positionStarts[term] = positionTo + count;
      const positionFrom = source[at + POSITIONS]!;
      rows[to + TERM] = term;
      rows[to + DOC] = source[at + DOC]!;
      rows[to + FREQS] = freqs;
      rows[to + POSITIONS] = positionTo;
      for (let i = 0; i < count; i++)
        positions[positionTo + i] = sourcePositions[positionFrom + i]!;
    }
    return { rows, positions };
  }

  // Fresh arrays rather than clear(): a bulk load grew them to hundreds of megabytes, and an
  // index that now takes a document at a time should not keep that.
  private reset(nextOrdinal: number): void {
    this.rows = new GrowableUint32Array(INITIAL_ROWS * ROW_WIDTH);
    this.positions = new GrowableUint32Array(INITIAL_ROWS * 2);
    this.docBase = nextOrdinal;
    this.docLimit = nextOrdinal;
  }
}
