import { describe, expect, it } from 'vitest';
import { NO_MORE_DOCS, PostingsCursor } from './postings-cursor';
import { findTermSlot, POSTINGS_BLOCK_SIZE } from './segment';
import { SegmentWriter } from './segment-writer';

// Term 7 occurs in every third document from 1000 on, with frequencies that need the escape
// form now and then; term 9 occurs once. Positions encode the ordinal so they can be checked.
function buildSegment() {
  const writer = new SegmentWriter(1000, 5000);
  const docs: number[] = [];
  writer.startTerm(7);
  for (let doc = 1000; doc < 5000; doc += 3) {
    const tfTitle = doc % 50 === 0 ? 9 : 1;
    const tfBody = doc % 70 === 0 ? 40 : 2;
    const positions = Array.from({ length: tfTitle + tfBody }, (_, i) => doc + i);
    writer.addPosting(doc, tfTitle, tfBody, positions, 0);
    docs.push(doc);
  }
  writer.endTerm();
  writer.startTerm(9);
  writer.addPosting(4321, 0, 1, [5], 0);
  writer.endTerm();
  return { segment: writer.finish(), docs };
}

describe('PostingsCursor', () => {
  const { segment, docs } = buildSegment();
  const slot = findTermSlot(segment, 7);

  it('decodes every posting in order with its frequencies', () => {
    const cursor = new PostingsCursor().open(segment, slot);
    const seen: number[] = [];
    while (cursor.next()) {
      seen.push(cursor.doc);
      expect(cursor.tfTitle).toBe(cursor.doc % 50 === 0 ? 9 : 1);
      expect(cursor.tfBody).toBe(cursor.doc % 70 === 0 ? 40 : 2);
    }
    expect(seen).toEqual(docs);
    expect(cursor.doc).toBe(NO_MORE_DOCS);
    expect(docs.length).toBeGreaterThan(POSTINGS_BLOCK_SIZE * 5);
  });

  it('advances across skip blocks and still reads the right positions', () => {
    const cursor = new PostingsCursor().open(segment, slot);
    for (const target of [1000, 1001, 1500, 1502, 3333, 3334, 4990]) {
      expect(cursor.advance(target)).toBe(true);
      const expected = docs.find((doc) => doc >= target)!;
      expect(cursor.doc).toBe(expected);
      const count = cursor.readPositions();
      const positions = [...cursor.positions.subarray(0, count)];
      expect(positions[0]).toBe(expected);
      expect(positions).toHaveLength(cursor.tfTitle + cursor.tfBody);
      expect(cursor.readPositions()).toBe(count);
      expect([...cursor.positions.subarray(0, count)]).toEqual(positions);
    }
    expect(cursor.advance(4999)).toBe(true);
    expect(cursor.advance(5000)).toBe(false);
    expect(cursor.doc).toBe(NO_MORE_DOCS);
  });

  it('reads positions after skipping postings without reading theirs', () => {
    const cursor = new PostingsCursor().open(segment, slot);
    for (let i = 0; i < 300; i++) cursor.next();
    cursor.readPositions();
    expect(cursor.positions[0]).toBe(docs[299]);
  });

  it('finds terms by binary search', () => {
    expect(findTermSlot(segment, 9)).toBe(1);
    expect(findTermSlot(segment, 8)).toBe(-1);
    const single = new PostingsCursor().open(segment, 1);
    expect(single.advance(0)).toBe(true);
    expect(single.doc).toBe(4321);
    expect(single.readPositions()).toBe(1);
    expect(single.positions[0]).toBe(5);
  });
});
