import { describe, expect, it } from 'vitest';
import type { CitedWork } from '../../../shared/citations/work';
import type { SearchOutcome } from '../api/search-api';
import { awaitsOutsideSources, combineStages } from './search-stages';

const work = (refId: string) => ({ refId, title: refId }) as unknown as CitedWork;
const local = {
  id: 'local',
  label: "this server's library",
  status: 'answered' as const,
  count: 2,
};

const library: SearchOutcome = {
  results: [work('ref_a'), work('ref_b')],
  sources: [local, { id: 'openalex', label: 'OpenAlex', status: 'pending', count: 0 }],
  hidden: [],
};
const complete: SearchOutcome = {
  // The complete answer interleaves the outside works with the library's.
  results: [work('ref_c'), work('ref_a'), work('ref_d'), work('ref_b')],
  sources: [local, { id: 'openalex', label: 'OpenAlex', status: 'answered', count: 2 }],
  hidden: [{ type: 'preprint', count: 4 }],
};

describe('combineStages', () => {
  it('waits for outside sources only when the library answer says some are pending', () => {
    expect(awaitsOutsideSources(library)).toBe(true);
    expect(awaitsOutsideSources(complete)).toBe(false);
  });

  it('shows the library results at once, as they are', () => {
    expect(combineStages(library, undefined, false)).toMatchObject({
      results: library.results,
      more: [],
      sources: library.sources,
    });
  });

  it('keeps what the user is reading in place and offers the rest below it', () => {
    const staged = combineStages(library, complete, false);
    expect(staged.results.map((w) => w.refId)).toEqual(['ref_a', 'ref_b']);
    expect(staged.more.map((w) => w.refId)).toEqual(['ref_c', 'ref_d']);
    expect(staged.moreFrom).toEqual(['OpenAlex']);
    expect(staged.sources).toEqual(complete.sources);
    expect(staged.hidden).toEqual(complete.hidden);
  });

  it('shows the complete answer as it is when the library found nothing', () => {
    const empty = { ...library, results: [] };
    expect(combineStages(empty, complete, false).results).toEqual(complete.results);
  });

  it('marks the sources it waited for as not answering when the complete answer failed', () => {
    const staged = combineStages(library, undefined, true);
    expect(staged.sources.map((s) => s.status)).toEqual(['answered', 'failed']);
  });
});
