import type { CitedWork } from '../../../shared/citations/work';
import type { SearchSourceReport } from '../../../shared/literature/search-report';
import type { SearchOutcome } from '../api/search-api';

/** What the pane shows while and after the outside sources answer. */
export interface StagedOutcome extends SearchOutcome {
  /** Results of the complete answer that are not shown yet, offered as 'N more from …'. */
  more: CitedWork[];
  /** The outside sources that contributed `more`, as the pane names them. */
  moreFrom: string[];
}

/** Whether the library's answer left outside sources still to be heard from. */
export function awaitsOutsideSources(library: SearchOutcome): boolean {
  return library.sources.some((source) => source.status === 'pending');
}

/**
 * The library's results are shown at once; when the complete answer arrives they stay where
 * they are (the user may be reading them) and its other results are offered below them. When
 * the library found nothing there is nothing to keep in place, and the complete answer is shown
 * as it is. A complete answer that failed leaves the library's results, its sources marked as
 * not having answered.
 */
export function combineStages(
  library: SearchOutcome,
  complete: SearchOutcome | undefined,
  completeFailed: boolean,
): StagedOutcome {
  if (complete === undefined) {
    const sources: SearchSourceReport[] = completeFailed
      ? library.sources.map((source) =>
          source.status === 'pending' ? { ...source, status: 'failed' } : source,
        )
      : library.sources;
    return { ...library, sources, more: [], moreFrom: [] };
  }
  if (library.results.length === 0) return { ...complete, more: [], moreFrom: [] };
  const shown = new Set(library.results.map((work) => work.refId));
  const more = complete.results.filter((work) => !shown.has(work.refId));
  const moreFrom = complete.sources
    .filter((source) => source.id !== 'local' && source.status === 'answered' && source.count > 0)
    .map((source) => source.label);
  return {
    results: library.results,
    sources: complete.sources,
    hidden: complete.hidden,
    more,
    moreFrom,
  };
}
