import { crc32 } from 'node:zlib';

/**
 * Container format of an index snapshot: a fixed header, then named sections of raw bytes.
 *
 *   header (32 bytes, little-endian)
 *     0  magic "SCRBM25F"
 *     8  u32 format version
 *    12  u32 section count
 *    16  f64 body length in bytes
 *    24  u32 CRC-32 of the body
 *    28  u32 reserved (0)
 *   body: per section
 *     u32 name length, u32 reserved, f64 data length, name (padded to 8), data (padded to 8)
 *
 * Every data block starts on an 8-byte boundary, so typed arrays can be viewed in place.
 */

export const SNAPSHOT_MAGIC = 'SCRBM25F';
// 2: documents carry an owner (private imports).
export const SNAPSHOT_FORMAT_VERSION = 2;
export const HEADER_BYTES = 32;
const SECTION_HEADER_BYTES = 16;

export interface Section {
  name: string;
  data: Uint8Array;
}

export interface SnapshotHeader {
  version: number;
  sectionCount: number;
  bodyLength: number;
  checksum: number;
}

/**
 * Running CRC-32. Empty chunks are skipped: Node's zlib.crc32 returns 0, not the running value,
 * for a zero-length view over an empty ArrayBuffer.
 */
function updateChecksum(bytes: Uint8Array, checksum: number): number {
  return bytes.byteLength === 0 ? checksum : crc32(bytes, checksum);
}

function padding(length: number): number {
  return (8 - (length % 8)) % 8;
}

export function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** The body as a list of chunks (data is not copied) plus its length and checksum. */
export function encodeBody(sections: readonly Section[]) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let checksum = 0;
  const push = (chunk: Uint8Array): void => {
    chunks.push(chunk);
    length += chunk.byteLength;
    checksum = updateChecksum(chunk, checksum);
  };
  for (const section of sections) {
    const name = new TextEncoder().encode(section.name);
    const header = new DataView(new ArrayBuffer(SECTION_HEADER_BYTES));
    header.setUint32(0, name.byteLength, true);
    header.setFloat64(8, section.data.byteLength, true);
    push(bytesOf(header));
    push(name);
    push(new Uint8Array(padding(name.byteLength)));
    push(section.data);
    push(new Uint8Array(padding(section.data.byteLength)));
  }
  return { chunks, length, checksum };
}

export function encodeHeader(sectionCount: number, bodyLength: number, checksum: number) {
  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  new TextEncoder().encodeInto(SNAPSHOT_MAGIC, new Uint8Array(header.buffer, 0, 8));
  header.setUint32(8, SNAPSHOT_FORMAT_VERSION, true);
  header.setUint32(12, sectionCount, true);
  header.setFloat64(16, bodyLength, true);
  header.setUint32(24, checksum, true);
  return bytesOf(header);
}

/** Null when the bytes do not start with the snapshot magic. */
export function decodeHeader(bytes: Uint8Array): SnapshotHeader | null {
  if (bytes.byteLength < HEADER_BYTES) return null;
  const magic = new TextDecoder().decode(bytes.subarray(0, 8));
  if (magic !== SNAPSHOT_MAGIC) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  return {
    version: view.getUint32(8, true),
    sectionCount: view.getUint32(12, true),
    bodyLength: view.getFloat64(16, true),
    checksum: view.getUint32(24, true),
  };
}

/** Reads exactly `length` bytes into a fresh, 8-byte aligned buffer; null at end of input. */
export type ReadExactly = (length: number) => Promise<Uint8Array | null>;

export class SnapshotFormatError extends Error {
  constructor(
    readonly problem: 'truncated' | 'checksum-mismatch' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'SnapshotFormatError';
  }
}

/**
 * Reads every section, checking each declared length against the remaining body before
 * allocating, and verifies the checksum before anything is interpreted.
 */
export async function readSections(
  header: SnapshotHeader,
  read: ReadExactly,
): Promise<Map<string, Uint8Array>> {
  const sections = new Map<string, Uint8Array>();
  let remaining = header.bodyLength;
  let checksum = 0;
  const take = async (length: number): Promise<Uint8Array> => {
    if (!Number.isSafeInteger(length) || length < 0 || length > remaining) {
      throw new SnapshotFormatError('malformed', 'Section length exceeds the snapshot body');
    }
    const bytes = await read(length);
    if (bytes === null || bytes.byteLength < length) {
      throw new SnapshotFormatError('truncated', 'Snapshot ends before its declared length');
    }
    remaining -= length;
    checksum = updateChecksum(bytes, checksum);
    return bytes;
  };
  for (let i = 0; i < header.sectionCount; i++) {
    const sectionHeader = await take(SECTION_HEADER_BYTES);
    const view = new DataView(sectionHeader.buffer, sectionHeader.byteOffset, SECTION_HEADER_BYTES);
    const nameLength = view.getUint32(0, true);
    const dataLength = view.getFloat64(8, true);
    const name = new TextDecoder().decode(await take(nameLength));
    await take(padding(nameLength));
    const data = await take(dataLength);
    await take(padding(dataLength));
    sections.set(name, data);
  }
  if (remaining !== 0)
    throw new SnapshotFormatError('malformed', 'Unexpected bytes after sections');
  if (checksum !== header.checksum) {
    throw new SnapshotFormatError(
      'checksum-mismatch',
      'Snapshot checksum does not match its content',
    );
  }
  return sections;
}
