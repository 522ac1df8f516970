/**
 * Maps document-type strings to one-byte codes for the per-document type column. Code 0 is
 * "no type"; 255 distinct types is far beyond the handful a literature corpus uses.
 */
export class CategoryCodes {
  private readonly codes = new Map<string, number>();
  private readonly names: string[] = [];

  constructor(names: readonly string[] = []) {
    for (const name of names) this.codeFor(name);
  }

  /** The code for `name`, assigning a new one on first sight. */
  codeFor(name: string | null | undefined): number {
    if (name === null || name === undefined || name === '') return 0;
    const existing = this.codes.get(name);
    if (existing !== undefined) return existing;
    if (this.names.length >= 255) {
      throw new RangeError(`Too many distinct document types (max 255); "${name}" is one too many`);
    }
    this.names.push(name);
    this.codes.set(name, this.names.length);
    return this.names.length;
  }

  /** The code for `name` if known, without assigning one. */
  lookup(name: string): number | undefined {
    return this.codes.get(name);
  }

  list(): readonly string[] {
    return this.names;
  }
}
