import { describe, expect, it } from 'vitest';
import { toCitedWork } from '../../../shared/citations/work-payload';
import { CitationRegistry } from './citation-registry';

const work = (refId: string, certainty: number | null) =>
  toCitedWork({ refId, id: refId, title: `Work ${refId}`, certainty });

describe('CitationRegistry.merge', () => {
  it('updates stored entries in place and appends new works, keeping unsaved additions', () => {
    const registry = new CitationRegistry();
    registry.replace([work('ref_aaaaaaaa', 0.9), work('ref_bbbbbbbb', null)]);
    registry.add([work('ref_cccccccc', null)]);
    let notified = 0;
    registry.subscribe(() => notified++);

    registry.merge([
      work('ref_bbbbbbbb', 0.3),
      work('ref_dddddddd', 0.7),
      work('ref_cccccccc', 0.6),
    ]);

    expect(registry.entries.map((entry) => (entry as { refId: string }).refId)).toEqual([
      'ref_aaaaaaaa',
      'ref_bbbbbbbb',
      'ref_cccccccc',
      'ref_dddddddd',
    ]);
    expect(registry.lookup('ref_bbbbbbbb')?.certainty).toBe(0.3);
    expect(registry.lookup('ref_dddddddd')?.certainty).toBe(0.7);
    expect(registry.lookup('ref_cccccccc')?.certainty).toBe(0.6);
    expect(registry.changed).toBe(true);
    expect(notified).toBe(1);
  });

  it('marks accepted works to be saved, as the server stores them only through the save', () => {
    const registry = new CitationRegistry();
    registry.replace([work('ref_aaaaaaaa', 0.9)]);
    expect(registry.changed).toBe(false);
    registry.merge([work('ref_aaaaaaaa', 0.4), work('ref_bbbbbbbb', 0.8)]);
    expect(registry.changed).toBe(true);
    expect(registry.entries).toHaveLength(2);
    // A reload of the stored list before the save keeps the accepted new work.
    registry.replace([work('ref_aaaaaaaa', 0.9)]);
    expect(registry.lookup('ref_bbbbbbbb')?.certainty).toBe(0.8);
  });
});
