/**
 * Per-index working memory for queries: a score accumulator sized to the ordinal space and
 * reused, so a query does not allocate megabytes. Searches are synchronous, so one per index is
 * enough.
 */
export class SearchScratch {
  scores = new Float64Array(0);

  /** Makes room for `docCount` ordinals. */
  reserve(docCount: number): void {
    if (this.scores.length >= docCount) return;
    this.scores = new Float64Array(Math.max(docCount, Math.ceil(this.scores.length * 1.5)));
  }

  byteSize(): number {
    return this.scores.byteLength;
  }
}
