import { ByteWriter, GrowableUint32Array } from './growable-arrays';
import { POSTINGS_BLOCK_SIZE, type Segment } from './segment';

// Frequencies that fit 3 bits (title) and 5 bits (body) share one byte; a zero byte, which no
// real posting can produce, escapes to two varints.
const PACKED_TITLE_LIMIT = 7;
const PACKED_BODY_LIMIT = 31;

/**
 * Writes term posting lists, term by term in ascending id, into the layout of a Segment. Used
 * by both the in-memory buffer when it seals and by merges, so there is one encoder.
 */
export class SegmentWriter {
  private readonly termIds = new GrowableUint32Array();
  private readonly docFreqs = new GrowableUint32Array();
  private readonly postingStarts = new GrowableUint32Array();
  private readonly positionStarts = new GrowableUint32Array();
  private readonly skipStarts = new GrowableUint32Array();
  private readonly skipDocs = new GrowableUint32Array();
  private readonly skipPostingOffsets = new GrowableUint32Array();
  private readonly skipPositionOffsets = new GrowableUint32Array();
  private readonly postings: ByteWriter;
  private readonly positions: ByteWriter;
  private termId = -1;
  private count = 0;
  private previousDoc = 0;

  constructor(
    private readonly docBase: number,
    private readonly docLimit: number,
    expectedBytes = 1 << 16,
  ) {
    this.postings = new ByteWriter(expectedBytes);
    this.positions = new ByteWriter(expectedBytes);
    this.postingStarts.push(0);
    this.positionStarts.push(0);
    this.skipStarts.push(0);
  }

  startTerm(termId: number): void {
    this.termId = termId;
    this.count = 0;
    this.previousDoc = this.docBase;
  }

  /** `positions[from .. from + tfTitle + tfBody)` are the posting's ascending positions. */
  addPosting(
    doc: number,
    tfTitle: number,
    tfBody: number,
    positions: ArrayLike<number>,
    from: number,
  ): void {
    if (this.count > 0 && this.count % POSTINGS_BLOCK_SIZE === 0) {
      this.skipDocs.push(this.previousDoc);
      this.skipPostingOffsets.push(this.postings.length);
      this.skipPositionOffsets.push(this.positions.length);
    }
    this.postings.writeVarint(doc - this.previousDoc);
    if (tfTitle <= PACKED_TITLE_LIMIT && tfBody <= PACKED_BODY_LIMIT) {
      this.postings.writeByte((tfTitle << 5) | tfBody);
    } else {
      this.postings.writeByte(0);
      this.postings.writeVarint(tfTitle);
      this.postings.writeVarint(tfBody);
    }
    let previousPosition = 0;
    const end = from + tfTitle + tfBody;
    for (let i = from; i < end; i++) {
      const position = positions[i]!;
      this.positions.writeVarint(position - previousPosition);
      previousPosition = position;
    }
    this.previousDoc = doc;
    this.count += 1;
  }

  /** Closes the current term; a term whose postings were all dropped leaves no trace. */
  endTerm(): void {
    if (this.count === 0) return;
    this.termIds.push(this.termId);
    this.docFreqs.push(this.count);
    this.postingStarts.push(this.postings.length);
    this.positionStarts.push(this.positions.length);
    this.skipStarts.push(this.skipDocs.length);
  }

  finish(): Segment {
    return {
      docBase: this.docBase,
      docLimit: this.docLimit,
      termIds: this.termIds.toArray(),
      docFreqs: this.docFreqs.toArray(),
      postingStarts: this.postingStarts.toArray(),
      positionStarts: this.positionStarts.toArray(),
      skipStarts: this.skipStarts.toArray(),
      skipDocs: this.skipDocs.toArray(),
      skipPostingOffsets: this.skipPostingOffsets.toArray(),
      skipPositionOffsets: this.skipPositionOffsets.toArray(),
      postings: this.postings.toBytes(),
      positions: this.positions.toBytes(),
    };
  }
}
