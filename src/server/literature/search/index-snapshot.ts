import { open, mkdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Bm25Index, type Bm25IndexOptions } from './bm25-index';
import {
  decodeHeader,
  encodeBody,
  encodeHeader,
  HEADER_BYTES,
  readSections,
  SNAPSHOT_FORMAT_VERSION,
  SnapshotFormatError,
  type ReadExactly,
} from './snapshot/snapshot-sections';
import { sectionsToState, stateToSections } from './snapshot/state-sections';

/**
 * Persists a Bm25Index so the server can start without re-indexing. Loading never throws for
 * a bad file: it reports why, and the caller rebuilds from the database.
 */

export type SnapshotProblem =
  | 'missing'
  | 'not-a-snapshot'
  | 'unsupported-version'
  | 'truncated'
  | 'checksum-mismatch'
  | 'malformed'
  | 'incompatible-analyzer';

export type SnapshotLoadResult =
  { ok: true; index: Bm25Index } | { ok: false; problem: SnapshotProblem; message: string };

function encodeSnapshotChunks(index: Bm25Index): Uint8Array[] {
  const sections = stateToSections(index.exportState());
  const body = encodeBody(sections);
  return [encodeHeader(sections.length, body.length, body.checksum), ...body.chunks];
}

/** The snapshot as one buffer (handy for tests and small indexes; large ones use the file API). */
export function encodeIndexSnapshot(index: Bm25Index): Uint8Array {
  const chunks = encodeSnapshotChunks(index);
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Writes the snapshot to `path` atomically (temporary file, then rename), so a crash mid-write
 * leaves the previous snapshot intact. Returns the size in bytes.
 */
export async function writeIndexSnapshot(index: Bm25Index, path: string): Promise<number> {
  const chunks = encodeSnapshotChunks(index);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  let size = 0;
  const file = await open(temporary, 'w');
  try {
    for (const chunk of chunks) {
      await file.write(chunk);
      size += chunk.byteLength;
    }
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, path);
  return size;
}

async function decode(read: ReadExactly, options: Bm25IndexOptions): Promise<SnapshotLoadResult> {
  const headerBytes = await read(HEADER_BYTES);
  const header = headerBytes === null ? null : decodeHeader(headerBytes);
  if (header === null) {
    return { ok: false, problem: 'not-a-snapshot', message: 'No index snapshot header found' };
  }
  if (header.version !== SNAPSHOT_FORMAT_VERSION) {
    const message = `Snapshot format ${header.version}; this build reads ${SNAPSHOT_FORMAT_VERSION}`;
    return { ok: false, problem: 'unsupported-version', message };
  }
  try {
    const state = sectionsToState(await readSections(header, read));
    if ((await read(1)) !== null) {
      return { ok: false, problem: 'malformed', message: 'Unexpected bytes after the snapshot' };
    }
    try {
      return { ok: true, index: Bm25Index.fromState(state, options) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, problem: 'incompatible-analyzer', message };
    }
  } catch (error) {
    if (error instanceof SnapshotFormatError) {
      return { ok: false, problem: error.problem, message: error.message };
    }
    throw error;
  }
}

/** Restores an index from bytes produced by encodeIndexSnapshot. */
export function decodeIndexSnapshot(
  bytes: Uint8Array,
  options: Bm25IndexOptions = {},
): Promise<SnapshotLoadResult> {
  let offset = 0;
  return decode(async (length) => {
    if (offset + length > bytes.byteLength) return null;
    // A copy gives every block a fresh, aligned buffer for typed-array views.
    const chunk = bytes.slice(offset, offset + length);
    offset += length;
    return chunk;
  }, options);
}

function fileReader(file: FileHandle): ReadExactly {
  return async (length) => {
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await file.read(buffer, filled, length - filled);
      if (bytesRead === 0) return null;
      filled += bytesRead;
    }
    return buffer;
  };
}

/** Loads a snapshot written by writeIndexSnapshot; a missing or damaged file is reported. */
export async function loadIndexSnapshot(
  path: string,
  options: Bm25IndexOptions = {},
): Promise<SnapshotLoadResult> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: 'missing', message };
  }
  try {
    return await decode(fileReader(file), options);
  } finally {
    await file.close();
  }
}
