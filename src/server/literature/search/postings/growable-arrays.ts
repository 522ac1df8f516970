/**
 * Append-only typed arrays. Plain JS arrays would cost 8+ bytes per element and GC pressure;
 * these double in place and hand out an exact-size copy when a segment is sealed.
 */

function grownCapacity(current: number, needed: number): number {
  let capacity = Math.max(current, 16);
  while (capacity < needed) capacity *= 2;
  return capacity;
}

export class GrowableUint32Array {
  data: Uint32Array;
  length = 0;

  constructor(initialCapacity = 64) {
    this.data = new Uint32Array(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(this.length + 1);
    this.data[this.length++] = value;
  }

  reserve(capacity: number): void {
    if (capacity <= this.data.length) return;
    const next = new Uint32Array(grownCapacity(this.data.length, capacity));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  clear(): void {
    this.length = 0;
  }

  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/** Bytes with LEB128 varints: the posting and position streams of a segment. */
export class ByteWriter {
  data: Uint8Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Uint8Array(initialCapacity);
  }

  private ensure(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.data.length) return;
    const next = new Uint8Array(grownCapacity(this.data.length, needed));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  writeByte(value: number): void {
    this.ensure(1);
    this.data[this.length++] = value;
  }

  /** Unsigned 32-bit values only; the index never stores anything larger in a varint. */
  writeVarint(value: number): void {
    this.ensure(5);
    let rest = value >>> 0;
    while (rest >= 0x80) {
      this.data[this.length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.data[this.length++] = rest;
  }

  toBytes(): Uint8Array {
    return this.data.slice(0, this.length);
  }
}
