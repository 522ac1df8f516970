import { POSTINGS_BLOCK_SIZE, type Segment } from './segment';

const EMPTY_POSITIONS = new Uint32Array(0);

/** Returned by `doc` once a cursor is exhausted; larger than any ordinal. */
export const NO_MORE_DOCS = 0xffffffff;

/**
 * Walks one term's posting list in one segment. `next` decodes sequentially, `advance` uses the
 * skip entries to jump whole blocks, and positions are decoded only when asked for: the cursor
 * remembers how many position varints it has passed over and skips them in one scan.
 */
export class PostingsCursor {
  doc = NO_MORE_DOCS;
  tfTitle = 0;
  tfBody = 0;

  private postings: Uint8Array = new Uint8Array(0);
  private positionBytes: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private index = 0;
  private docFreq = 0;
  private previousDoc = 0;
  private skipIndex = 0;
  private skipEnd = 0;
  private skipFirst = 0;
  private segment: Segment | null = null;
  private positionOffset = 0;
  private positionsToSkip = 0;
  private unreadPositions = 0;
  private readCount = -1;
  private positionBuffer = EMPTY_POSITIONS;

  /** Positions the cursor before the first posting of `slot`; call `next` or `advance`. */
  open(segment: Segment, slot: number): this {
    this.segment = segment;
    this.postings = segment.postings;
    this.positionBytes = segment.positions;
    this.offset = segment.postingStarts[slot]!;
    this.docFreq = segment.docFreqs[slot]!;
    this.index = -1;
    this.previousDoc = segment.docBase;
    this.skipFirst = segment.skipStarts[slot]!;
    this.skipIndex = this.skipFirst;
    this.skipEnd = segment.skipStarts[slot + 1]!;
    this.positionOffset = segment.positionStarts[slot]!;
    this.positionsToSkip = 0;
    this.unreadPositions = 0;
    this.readCount = -1;
    this.doc = -1;
    return this;
  }

  get length(): number {
    return this.docFreq;
  }

  next(): boolean {
    if (this.index + 1 >= this.docFreq) {
      this.doc = NO_MORE_DOCS;
      return false;
    }
    this.index += 1;
    this.positionsToSkip += this.unreadPositions;
    this.readCount = -1;
    const data = this.postings;
    let p = this.offset;
    let byte = data[p++]!;
    let delta = byte & 0x7f;
    let shift = 7;
    while (byte & 0x80) {
      byte = data[p++]!;
      delta |= (byte & 0x7f) << shift;
      shift += 7;
    }
    const doc = this.previousDoc + delta;
    const packed = data[p++]!;
    if (packed !== 0) {
      this.tfTitle = packed >>> 5;
      this.tfBody = packed & 31;
    } else {
      let value = 0;
      shift = 0;
      do {
        byte = data[p++]!;
        value |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte & 0x80);
      this.tfTitle = value;
      value = 0;
      shift = 0;
      do {
        byte = data[p++]!;
        value |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte & 0x80);
      this.tfBody = value;
    }
    this.offset = p;
    this.previousDoc = doc;
    this.doc = doc;
    this.unreadPositions = this.tfTitle + this.tfBody;
    return true;
  }

  /** Moves to the first posting with ordinal >= target; false once the list is exhausted. */
  advance(target: number): boolean {
    if (this.doc !== -1 && this.doc >= target) return this.doc !== NO_MORE_DOCS;
    const segment = this.segment;
    if (segment !== null && this.skipIndex < this.skipEnd) {
      const skipDocs = segment.skipDocs;
      let entry = this.skipIndex;
      while (entry < this.skipEnd && skipDocs[entry]! < target) entry += 1;
      const jumpTo = entry - 1;
      this.skipIndex = entry;
      const blockStart = (jumpTo - this.skipFirst + 1) * POSTINGS_BLOCK_SIZE;
      if (jumpTo >= this.skipFirst && blockStart > this.index) {
        this.offset = segment.skipPostingOffsets[jumpTo]!;
        this.positionOffset = segment.skipPositionOffsets[jumpTo]!;
        this.previousDoc = skipDocs[jumpTo]!;
        this.index = blockStart - 1;
        this.positionsToSkip = 0;
        this.unreadPositions = 0;
      }
    }
    while (this.next()) {
      if (this.doc >= target) return true;
    }
    return false;
  }

  /**
   * Decodes the current posting's positions, ascending (title first, then body shifted past
   * it), into `positions` and returns how many there are. Repeated calls are free.
   */
  readPositions(): number {
    if (this.readCount >= 0) return this.readCount;
    const data = this.positionBytes;
    let p = this.positionOffset;
    let skip = this.positionsToSkip;
    while (skip > 0) {
      if (data[p++]! < 0x80) skip -= 1;
    }
    const count = this.unreadPositions;
    if (this.positionBuffer.length < count)
      this.positionBuffer = new Uint32Array(Math.max(count * 2, 16));
    const out = this.positionBuffer;
    let position = 0;
    for (let i = 0; i < count; i++) {
      let byte = data[p++]!;
      let value = byte & 0x7f;
      let shift = 7;
      while (byte & 0x80) {
        byte = data[p++]!;
        value |= (byte & 0x7f) << shift;
        shift += 7;
      }
      position += value;
      out[i] = position;
    }
    this.positionOffset = p;
    this.positionsToSkip = 0;
    this.unreadPositions = 0;
    this.readCount = count;
    return count;
  }

  /** Valid up to the count returned by readPositions; reused for the next posting. */
  get positions(): Uint32Array {
    return this.positionBuffer;
  }
}
