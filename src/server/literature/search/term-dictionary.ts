/**
 * Term text to dense ids, plus the document frequency of each id across all segments and the
 * write buffer. Frequencies include removed documents until their postings are purged, the
 * same convention as Lucene: it keeps the count exact without a forward index.
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];
  private docFreqs: Int32Array = new Int32Array(1024);

  static restore(terms: string[], docFreqs: Int32Array): TermDictionary {
    const dictionary = new TermDictionary();
    terms.forEach((term, id) => dictionary.ids.set(term, id));
    dictionary.terms.push(...terms);
    dictionary.docFreqs = docFreqs;
    return dictionary;
  }

  get size(): number {
    return this.terms.length;
  }

  idOf(term: string): number {
    return this.ids.get(term) ?? -1;
  }

  termOf(id: number): string {
    const term = this.terms[id];
    if (term === undefined) throw new RangeError(`Unknown term id ${id}`);
    return term;
  }

  intern(term: string): number {
    const existing = this.ids.get(term);
    if (existing !== undefined) return existing;
    const id = this.terms.length;
    this.terms.push(term);
    this.ids.set(term, id);
    if (id >= this.docFreqs.length) {
      const grown = new Int32Array(this.docFreqs.length * 2);
      grown.set(this.docFreqs);
      this.docFreqs = grown;
    }
    return id;
  }

  docFreq(id: number): number {
    return this.docFreqs[id] ?? 0;
  }

  incrementDocFreq(id: number): void {
    this.docFreqs[id]! += 1;
  }

  decrementDocFreq(id: number): void {
    this.docFreqs[id]! -= 1;
  }

  allTerms(): readonly string[] {
    return this.terms;
  }

  docFreqArray(): Int32Array {
    return this.docFreqs.subarray(0, this.terms.length);
  }
}
