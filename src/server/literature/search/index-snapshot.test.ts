import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from './analyzer';
import { Bm25Index, type SearchRequest } from './bm25-index';
import {
  decodeIndexSnapshot,
  encodeIndexSnapshot,
  loadIndexSnapshot,
  writeIndexSnapshot,
} from './index-snapshot';
import { HEADER_BYTES } from './snapshot/snapshot-sections';

function sampleIndex(): Bm25Index {
  const index = new Bm25Index({ maxBufferedPostings: 200 });
  for (let i = 0; i < 300; i++) {
    index.add({
      docId: i % 3 === 0 ? `doc-${i}` : i,
      title: `Study ${i % 17} of protein folding`,
      abstract: `We measure ${i % 5 === 0 ? 'graphene' : 'tissue'} samples, batch ${i}.`,
      year: 1995 + (i % 25),
      citations: i,
      type: i % 4 === 0 ? 'preprint' : 'article',
      owner: i % 7 === 0 ? `user-${i % 2}` : null,
    });
  }
  for (let i = 0; i < 300; i += 10) index.remove(i % 3 === 0 ? `doc-${i}` : i);
  return index;
}

const requests: SearchRequest[] = [
  { query: 'protein folding' },
  { query: '"protein folding" graphene', yearStart: 2000, documentTypes: ['article'] },
  { query: 'tissue -graphene', minCitations: 100, limit: 5 },
  { minCitations: 250 },
  { query: 'protein', viewer: 'user-1' },
  { minCitations: 200, viewer: 'user-0' },
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'index-snapshot-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('index snapshots', () => {
  it('round-trips through bytes with identical results', async () => {
    const index = sampleIndex();
    const loaded = await decodeIndexSnapshot(encodeIndexSnapshot(index));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.index.size).toBe(index.size);
    const { approximateBytes: _loadedBytes, ...loadedStats } = loaded.index.stats();
    const { approximateBytes: _bytes, ...stats } = index.stats();
    expect(loadedStats).toEqual(stats);
    for (const request of requests)
      expect(loaded.index.search(request)).toEqual(index.search(request));
  });

  it('round-trips through a file, and the loaded index keeps accepting changes', async () => {
    const path = join(dir, 'nested', 'literature.idx');
    const index = sampleIndex();
    const bytes = await writeIndexSnapshot(index, path);
    expect((await readFile(path)).length).toBe(bytes);
    const loaded = await loadIndexSnapshot(path);
    if (!loaded.ok) throw new Error(loaded.message);
    for (const request of requests)
      expect(loaded.index.search(request)).toEqual(index.search(request));
    loaded.index.add({ docId: 'fresh', title: 'Graphene protein folding', abstract: 'graphene' });
    loaded.index.remove(1);
    const hits = loaded.index.search({ query: 'graphene folding', limit: 300 }).map((h) => h.docId);
    expect(hits).toContain('fresh');
    expect(hits).not.toContain(1);
  });

  it('reports a missing file', async () => {
    const result = await loadIndexSnapshot(join(dir, 'absent.idx'));
    expect(result).toMatchObject({ ok: false, problem: 'missing' });
  });

  it('detects a flipped byte anywhere in the body', async () => {
    const bytes = encodeIndexSnapshot(sampleIndex());
    for (const at of [HEADER_BYTES + 3, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const damaged = bytes.slice();
      damaged[at]! ^= 0x40;
      const result = await decodeIndexSnapshot(damaged);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['checksum-mismatch', 'malformed']).toContain(result.problem);
    }
    const damaged = bytes.slice();
    damaged[Math.floor(bytes.length / 2)]! ^= 0x01;
    expect(await decodeIndexSnapshot(damaged)).toMatchObject({ problem: 'checksum-mismatch' });
  });

  it('detects truncation, foreign files, other versions and trailing bytes', async () => {
    const bytes = encodeIndexSnapshot(sampleIndex());
    expect(await decodeIndexSnapshot(bytes.slice(0, bytes.length - 100))).toMatchObject({
      ok: false,
      problem: 'truncated',
    });
    expect(await decodeIndexSnapshot(bytes.slice(0, 10))).toMatchObject({
      problem: 'not-a-snapshot',
    });
    expect(await decodeIndexSnapshot(new TextEncoder().encode('{"json": true}'))).toMatchObject({
      problem: 'not-a-snapshot',
    });
    const otherVersion = bytes.slice();
    new DataView(otherVersion.buffer).setUint32(8, 999, true);
    expect(await decodeIndexSnapshot(otherVersion)).toMatchObject({
      problem: 'unsupported-version',
    });
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(await decodeIndexSnapshot(longer)).toMatchObject({ problem: 'malformed' });

    const path = join(dir, 'truncated.idx');
    await writeFile(path, bytes.slice(0, bytes.length / 2));
    expect(await loadIndexSnapshot(path)).toMatchObject({ problem: 'truncated' });
  });

  it('refuses a snapshot built with different term rules', async () => {
    const bytes = encodeIndexSnapshot(sampleIndex());
    const result = await decodeIndexSnapshot(bytes, {
      analyzer: createAnalyzer({ stemming: false }),
    });
    expect(result).toMatchObject({ ok: false, problem: 'incompatible-analyzer' });
  });

  it('snapshots an empty index', async () => {
    const loaded = await decodeIndexSnapshot(encodeIndexSnapshot(new Bm25Index()));
    expect(loaded.ok && loaded.index.search({ query: 'anything' })).toEqual([]);
  });
});
