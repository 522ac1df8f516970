import { GrowableUint32Array } from './growable-arrays';

/**
 * Groups one document's analysed tokens by term without allocating per document: a stamp per
 * term id marks "seen in this document", so grouping is two linear passes over the tokens.
 */
export class DocumentTerms {
  private readonly tokenTerms = new GrowableUint32Array(256);
  private readonly tokenPositions = new GrowableUint32Array(256);
  private titleTokenCount = 0;
  private stampOfTerm = new Uint32Array(1024);
  private slotOfTerm = new Uint32Array(1024);
  private stamp = 0;

  /** Distinct term ids of the document, in first-seen order. */
  readonly terms = new GrowableUint32Array(256);
  readonly titleCounts = new GrowableUint32Array(256);
  readonly bodyCounts = new GrowableUint32Array(256);
  /** Positions grouped by term: slot `s` owns positions[positionStarts[s] ..]. */
  readonly positionStarts = new GrowableUint32Array(256);
  readonly positions = new GrowableUint32Array(512);

  begin(): void {
    this.tokenTerms.clear();
    this.tokenPositions.clear();
    this.titleTokenCount = 0;
  }

  addTitleToken(termId: number, position: number): void {
    this.tokenTerms.push(termId);
    this.tokenPositions.push(position);
    this.titleTokenCount += 1;
  }

  addBodyToken(termId: number, position: number): void {
    this.tokenTerms.push(termId);
    this.tokenPositions.push(position);
  }

  get titleLength(): number {
    return this.titleTokenCount;
  }

  get bodyLength(): number {
    return this.tokenTerms.length - this.titleTokenCount;
  }

  /** Groups the collected tokens; `terms`, counts and positions are valid until `begin`. */
  group(): void {
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stampOfTerm.fill(0);
    this.terms.clear();
    this.titleCounts.clear();
    this.bodyCounts.clear();
    const tokenCount = this.tokenTerms.length;
    const tokenTerms = this.tokenTerms.data;
    for (let i = 0; i < tokenCount; i++) {
      const termId = tokenTerms[i]!;
      this.ensureTermCapacity(termId);
      let slot: number;
      if (this.stampOfTerm[termId] !== this.stamp) {
        this.stampOfTerm[termId] = this.stamp;
        slot = this.terms.length;
        this.slotOfTerm[termId] = slot;
        this.terms.push(termId);
        this.titleCounts.push(0);
        this.bodyCounts.push(0);
      } else {
        slot = this.slotOfTerm[termId]!;
      }
      if (i < this.titleTokenCount) this.titleCounts.data[slot]! += 1;
      else this.bodyCounts.data[slot]! += 1;
    }
    this.scatterPositions(tokenCount);
  }

  private scatterPositions(tokenCount: number): void {
    const slotCount = this.terms.length;
    this.positionStarts.clear();
    let start = 0;
    for (let slot = 0; slot < slotCount; slot++) {
      this.positionStarts.push(start);
      start += this.titleCounts.data[slot]! + this.bodyCounts.data[slot]!;
    }
    this.positionStarts.push(start);
    this.positions.clear();
    this.positions.reserve(tokenCount);
    this.positions.length = tokenCount;
    // A copy of the slot starts serves as one write cursor per slot.
    const fill = this.positionStarts.data.slice(0, slotCount);
    const out = this.positions.data;
    for (let i = 0; i < tokenCount; i++) {
      const slot = this.slotOfTerm[this.tokenTerms.data[i]!]!;
      out[fill[slot]!++] = this.tokenPositions.data[i]!;
    }
  }

  private ensureTermCapacity(termId: number): void {
    if (termId < this.stampOfTerm.length) return;
    let capacity = this.stampOfTerm.length;
    while (capacity <= termId) capacity *= 2;
    const stamps = new Uint32Array(capacity);
    stamps.set(this.stampOfTerm);
    const slots = new Uint32Array(capacity);
    slots.set(this.slotOfTerm);
    this.stampOfTerm = stamps;
    this.slotOfTerm = slots;
  }
}
