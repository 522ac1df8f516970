import type { CitedWork } from '../../../shared/citations/work';
import { Spinner } from '../../components/Spinner';
import { SEARCH_FAILED, useLiteratureSearch, type SearchRun } from '../api/search-api';
import { SearchReport } from './SearchReport';
import { SearchResultItem } from './SearchResultItem';

interface SearchResultsProps {
  run: SearchRun | null;
  onOpen: (work: CitedWork) => void;
}

/** The result list with its states: searching, failed, nothing found, 'Found N results'. */
export function SearchResults({ run, onOpen }: SearchResultsProps) {
  const results = useLiteratureSearch(run);
  if (run === null) return null;
  if (results.isPending) {
    return (
      <div className="center-muted">
        <Spinner label="Searching" />
      </div>
    );
  }
  if (results.isError) {
    return (
      <p className="error-box" role="alert">
        {results.error.message || SEARCH_FAILED}
      </p>
    );
  }
  const { results: works } = results.data;
  if (works.length === 0) {
    return (
      <section className="search-results" aria-label="Search results">
        <p className="empty-state">Nothing found with your query</p>
        <SearchReport outcome={results.data} />
      </section>
    );
  }
  return (
    <section className="search-results" aria-label="Search results">
      <p className="result-count" role="status">
        Found {works.length} results
      </p>
      <SearchReport outcome={results.data} />
      <ul className="result-list">
        {works.map((work) => (
          <SearchResultItem key={work.refId} work={work} onOpen={() => onOpen(work)} />
        ))}
      </ul>
    </section>
  );
}
