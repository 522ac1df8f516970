import type { SearchHidden } from '../../../shared/literature/search-report';
import type { SearchOutcome } from '../api/search-api';
import { useSaveSearchFilters, useSearchFilters } from '../api/search-filters-api';
import { hiddenText, sourcesLine, WEB_NOT_ALLOWED_NOTE, webRefused } from './search-report-text';

/**
 * Under 'Found N results': which sources were searched and which did not answer, and for each
 * document type the filters hid (and for undated works when excluded), how many matches it would add with a one-click 'show N' that
 * turns that type on in the saved filters (so the search re-runs with it).
 */
export function SearchReport({ outcome }: { outcome: SearchOutcome }) {
  const { filters } = useSearchFilters();
  const save = useSaveSearchFilters();
  const line = sourcesLine(outcome.sources);
  const show = (type: SearchHidden['type']) =>
    save.mutate(
      type === 'undated'
        ? { ...filters, includeUndated: true }
        : { ...filters, documentTypes: { ...filters.documentTypes, [type]: true } },
    );

  return (
    <div className="search-report">
      {line && <p className="search-sources">{line}</p>}
      {webRefused(outcome.sources) && <p className="search-sources">{WEB_NOT_ALLOWED_NOTE}</p>}
      {outcome.hidden.map((hidden) => (
        <p key={hidden.type} className="search-hidden">
          {hiddenText(hidden)}:{' '}
          <button
            type="button"
            className="link-button"
            disabled={save.isPending}
            onClick={() => show(hidden.type)}
          >
            show {hidden.count}
          </button>
        </p>
      ))}
    </div>
  );
}
