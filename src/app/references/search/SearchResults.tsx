import { useState } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import { Spinner } from '../../components/Spinner';
import { SEARCH_FAILED, useLiteratureSearch, type SearchRun } from '../api/search-api';
import { SearchReport } from './SearchReport';
import { SearchResultItem } from './SearchResultItem';
import { moreText } from './search-report-text';
import { combineStages } from './search-stages';

interface SearchResultsProps {
  run: SearchRun | null;
  onOpen: (work: CitedWork) => void;
}

/**
 * The result list with its states: searching, failed, nothing found, 'Found N results'. The
 * library's results come first; what the outside sources add is offered below them ('12 more
 * from OpenAlex and PubMed') rather than reordering the list under the reader's eyes.
 */
export function SearchResults({ run, onOpen }: SearchResultsProps) {
  const { library, complete } = useLiteratureSearch(run);
  // Which search the 'more' results were opened for: a new search starts closed again.
  const [openedFor, setOpenedFor] = useState<SearchRun | null>(null);
  if (run === null) return null;
  if (library.isPending) {
    return (
      <div className="center-muted">
        <Spinner label="Searching" />
      </div>
    );
  }
  if (library.isError) {
    return (
      <p className="error-box" role="alert">
        {library.error.message || SEARCH_FAILED}
      </p>
    );
  }
  const outcome = combineStages(library.data, complete.data, complete.isError);
  const works = openedFor === run ? [...outcome.results, ...outcome.more] : outcome.results;
  // Nothing to read yet: wait for the outside sources rather than say nothing was found.
  if (works.length === 0 && complete.isFetching) {
    return (
      <div className="center-muted">
        <Spinner label="Searching" />
      </div>
    );
  }
  if (works.length === 0) {
    return (
      <section className="search-results" aria-label="Search results">
        <p className="empty-state">
          {complete.isFetching
            ? 'Nothing in this server’s library yet'
            : 'Nothing found with your query'}
        </p>
        <SearchReport outcome={outcome} />
      </section>
    );
  }
  return (
    <section className="search-results" aria-label="Search results">
      <p className="result-count" role="status">
        Found {works.length} results
      </p>
      <SearchReport outcome={outcome} />
      <ul className="result-list">
        {works.map((work) => (
          <SearchResultItem key={work.refId} work={work} onOpen={() => onOpen(work)} />
        ))}
      </ul>
      {outcome.more.length > 0 && openedFor !== run && (
        <button type="button" className="link-button search-more" onClick={() => setOpenedFor(run)}>
          {moreText(outcome.more.length, outcome.moreFrom)}
        </button>
      )}
    </section>
  );
}
