import { useCallback, useMemo, useState } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import type { Paper } from '../../../shared/papers/paper';
import { parseWorks } from '../api/parse-works';

const NONE: CitedWork[] = [];

export interface CitedWorks {
  /** The paper's cited works: its stored citations, then those added since it was loaded. */
  works: CitedWork[];
  lookup(refId: string): CitedWork | undefined;
  /** Works just cited or imported; they reach the stored list with the paper's next save. */
  remember(works: readonly CitedWork[]): void;
}

/**
 * The open paper's cited works as the References pane and the reference modal see them. The
 * editor keeps the list that is saved; this view adds what was cited here before that save
 * comes back, so a new citation can be opened at once.
 */
export function useCitedWorks(paper: Paper | undefined): CitedWorks {
  const paperId = paper?.id ?? null;
  const [added, setAdded] = useState<{ paperId: string | null; works: CitedWork[] }>({
    paperId,
    works: [],
  });
  const addedHere = added.paperId === paperId ? added.works : NONE;
  const stored = useMemo(() => parseWorks(paper?.citations), [paper?.citations]);

  const works = useMemo(() => {
    const byRefId = new Map<string, CitedWork>();
    for (const work of [...stored, ...addedHere]) {
      if (!byRefId.has(work.refId)) byRefId.set(work.refId, work);
    }
    return [...byRefId.values()];
  }, [stored, addedHere]);

  const lookup = useCallback(
    (refId: string) => works.find((work) => work.refId === refId),
    [works],
  );

  const remember = useCallback(
    (fresh: readonly CitedWork[]) =>
      setAdded((current) => ({
        paperId,
        works: [...(current.paperId === paperId ? current.works : []), ...fresh],
      })),
    [paperId],
  );

  return useMemo(() => ({ works, lookup, remember }), [works, lookup, remember]);
}
