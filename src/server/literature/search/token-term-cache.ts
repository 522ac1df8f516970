/**
 * Folded token → term id (or STOP_WORD) for the indexer. It is keyed by the token's characters
 * inside the document text, so a lookup hashes a range and allocates nothing: at a million
 * abstracts that is some 150 million substrings (and their garbage collection) avoided. The
 * analyzer's stop-word check, stemmer and the dictionary only see each distinct token once.
 *
 * Open addressing with one 16-byte record per slot (hash, value, key start, key length), so a
 * probe touches one cache line; key characters live in one packed pool.
 */

export const STOP_WORD = -1;
export const NOT_CACHED = -2;

const HASH = 0;
const VALUE = 1;
const KEY_START = 2;
const KEY_LENGTH = 3;
const STRIDE = 4;
const INITIAL_SLOTS = 1 << 16;

export class TokenTermCache {
  private table = new Int32Array(INITIAL_SLOTS * STRIDE);
  private mask = INITIAL_SLOTS - 1;
  private chars = new Uint16Array(1 << 18);
  private charCount = 0;
  private count = 0;
  private lastHash = 0;
  private lastSlot = 0;

  /** Past `maxEntries` the cache starts over; a corpus of random strings cannot grow it forever. */
  constructor(private readonly maxEntries = 1 << 21) {
    this.table.fill(-1);
  }

  get size(): number {
    return this.count;
  }

  /** The cached id for text[start, end), or NOT_CACHED; remembers where to insert it. */
  lookup(text: string, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    const table = this.table;
    const length = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const at = slot * STRIDE;
      const keyLength = table[at + KEY_LENGTH]!;
      if (keyLength === -1) break;
      if (table[at + HASH] === hash && keyLength === length) {
        if (this.matches(table[at + KEY_START]!, text, start, length)) return table[at + VALUE]!;
      }
      slot = (slot + 1) & this.mask;
    }
    this.lastHash = hash;
    this.lastSlot = slot;
    return NOT_CACHED;
  }

  /** Inserts `token` (= the range just looked up and missed) with its id. */
  insertMissed(token: string, value: number): void {
    if (this.count >= this.maxEntries) {
      this.clear();
      this.lookup(token, 0, token.length);
    }
    if (this.charCount + token.length > this.chars.length) this.growChars(token.length);
    for (let i = 0; i < token.length; i++) this.chars[this.charCount + i] = token.charCodeAt(i);
    const at = this.lastSlot * STRIDE;
    this.table[at + HASH] = this.lastHash;
    this.table[at + VALUE] = value;
    this.table[at + KEY_START] = this.charCount;
    this.table[at + KEY_LENGTH] = token.length;
    this.charCount += token.length;
    this.count += 1;
    if (this.count * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
  }

  private matches(from: number, text: string, start: number, length: number): boolean {
    const chars = this.chars;
    for (let i = 0; i < length; i++) {
      if (chars[from + i] !== text.charCodeAt(start + i)) return false;
    }
    return true;
  }

  private growChars(needed: number): void {
    const grown = new Uint16Array(Math.max(this.chars.length * 2, this.charCount + needed));
    grown.set(this.chars.subarray(0, this.charCount));
    this.chars = grown;
  }

  private rehash(slots: number): void {
    const old = this.table;
    const table = new Int32Array(slots * STRIDE).fill(-1);
    const mask = slots - 1;
    for (let at = 0; at < old.length; at += STRIDE) {
      if (old[at + KEY_LENGTH] === -1) continue;
      let slot = old[at + HASH]! & mask;
      while (table[slot * STRIDE + KEY_LENGTH] !== -1) slot = (slot + 1) & mask;
      table.set(old.subarray(at, at + STRIDE), slot * STRIDE);
    }
    this.table = table;
    this.mask = mask;
  }

  private clear(): void {
    this.count = 0;
    this.charCount = 0;
    this.table = new Int32Array(INITIAL_SLOTS * STRIDE).fill(-1);
    this.mask = INITIAL_SLOTS - 1;
  }
}
