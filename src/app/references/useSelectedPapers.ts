import { useCallback, useMemo, useState } from 'react';

export interface SelectedPapers {
  refIds: ReadonlySet<string>;
  toggle(refId: string): void;
}

/** The papers ticked 'Select this paper' in the reference modal, kept for the research chat. */
export function useSelectedPapers(): SelectedPapers {
  const [refIds, setRefIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (refId: string) =>
      setRefIds((current) => {
        const next = new Set(current);
        if (!next.delete(refId)) next.add(refId);
        return next;
      }),
    [],
  );
  return useMemo(() => ({ refIds, toggle }), [refIds, toggle]);
}
