/**
 * Maps owners (user ids) to the 32-bit codes of the per-document owner column. Code 0 is "no
 * owner": a document every search sees. Codes are handed out on first sight and never reused,
 * and the list is stored in snapshots, so a code means the same owner after a restart.
 */
export class OwnerCodes {
  private readonly codes = new Map<string, number>();
  private readonly names: string[] = [];

  constructor(names: readonly string[] = []) {
    for (const name of names) this.codeFor(name);
  }

  codeFor(owner: string | null | undefined): number {
    if (owner === null || owner === undefined || owner === '') return 0;
    const existing = this.codes.get(owner);
    if (existing !== undefined) return existing;
    this.names.push(owner);
    this.codes.set(owner, this.names.length);
    return this.names.length;
  }

  /** The code for `owner` if it owns anything in the index, without assigning one. */
  lookup(owner: string): number | undefined {
    return this.codes.get(owner);
  }

  list(): readonly string[] {
    return this.names;
  }
}
