/**
 * Keeps the k best (score, ordinal) pairs in a binary min-heap. Equal scores prefer the lower
 * ordinal (the earlier-added document) so results are deterministic.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly docs: Uint32Array;
  private count = 0;

  constructor(readonly capacity: number) {
    this.scores = new Float64Array(Math.max(capacity, 1));
    this.docs = new Uint32Array(Math.max(capacity, 1));
  }

  get size(): number {
    return this.count;
  }

  get isFull(): boolean {
    return this.count >= this.capacity;
  }

  /** The lowest kept score, or -Infinity while the heap is not full. */
  get threshold(): number {
    return this.isFull ? this.scores[0]! : -Infinity;
  }

  // True when (scoreA, docA) ranks below (scoreB, docB).
  private below(scoreA: number, docA: number, scoreB: number, docB: number): boolean {
    return scoreA < scoreB || (scoreA === scoreB && docA > docB);
  }

  offer(doc: number, score: number): void {
    if (this.capacity <= 0) return;
    if (this.count < this.capacity) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(score, doc, this.scores[parent]!, this.docs[parent]!)) break;
        this.scores[i] = this.scores[parent]!;
        this.docs[i] = this.docs[parent]!;
        i = parent;
      }
      this.scores[i] = score;
      this.docs[i] = doc;
      return;
    }
    if (!this.below(this.scores[0]!, this.docs[0]!, score, doc)) return;
    this.siftDown(doc, score);
  }

  private siftDown(doc: number, score: number): void {
    const n = this.count;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (
        right < n &&
        this.below(this.scores[right]!, this.docs[right]!, this.scores[left]!, this.docs[left]!)
      ) {
        child = right;
      }
      if (!this.below(this.scores[child]!, this.docs[child]!, score, doc)) break;
      this.scores[i] = this.scores[child]!;
      this.docs[i] = this.docs[child]!;
      i = child;
    }
    this.scores[i] = score;
    this.docs[i] = doc;
  }

  /** Best first. */
  drain(): { doc: number; score: number }[] {
    const out: { doc: number; score: number }[] = [];
    for (let i = 0; i < this.count; i++) out.push({ doc: this.docs[i]!, score: this.scores[i]! });
    out.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return out;
  }
}
