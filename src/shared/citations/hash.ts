/**
 * FNV-1a, 64 bit, over the UTF-8 bytes of a string. Chosen because it is a dozen lines, needs no
 * node:crypto (this module also runs in the browser) and spreads short keys such as DOIs well.
 * It is not a cryptographic hash: ids derived from it identify, they do not protect.
 */
const OFFSET_BASIS = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;

const encoder = new TextEncoder();

export function fnv1a64(text: string): bigint {
  let hash = OFFSET_BASIS;
  for (const byte of encoder.encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * PRIME) & MASK;
  }
  return hash;
}

const BASE36_8 = 36n ** 8n;

/** Eight lowercase base-36 characters (about 41 bits) derived from `text`. */
export function base36Digest8(text: string): string {
  return (fnv1a64(text) % BASE36_8).toString(36).padStart(8, '0');
}
