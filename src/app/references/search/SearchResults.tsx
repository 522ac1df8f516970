import { useState } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import { Spinner } from '../../components/Spinner';
import { useAnnouncement } from '../../components/LiveAnnouncer';
import { SEARCH_FAILED, useLiteratureSearch, type SearchRun } from '../api/search-api';
import { SearchReport } from './SearchReport';
import { SearchResultItem } from './SearchResultItem';
import { moreText } from './search-report-text';
import { combineStages } from './search-stages';
import { strongResultCount } from '../../../shared/literature/relevance';

interface SearchResultsProps {
  run: SearchRun | null;
  onOpen: (work: CitedWork) => void;
}

/**
 * The result list with its states: searching, failed, nothing found, 'Found N results'.
 * Results that score far below the best are set apart under a 'Less relevant' line. The
 * library's results come first; what the outside sources add is offered below them ('12 more
 * from OpenAlex and PubMed') rather than reordering the list under the reader's eyes.
 */
export function SearchResults({ run, onOpen }: SearchResultsProps) {
  const { library, complete } = useLiteratureSearch(run);
  // Which search the 'more' results were opened for: a new search starts closed again.
  const [openedFor, setOpenedFor] = useState<SearchRun | null>(null);
  const heard = (() => {
    if (run === null || library.isPending || library.isError) return null;
    const outcome = combineStages(library.data, complete.data, complete.isError);
    const count = outcome.results.length + (openedFor === run ? outcome.more.length : 0);
    if (count > 0) return `Found ${count} results`;
    return complete.isFetching ? null : 'Nothing found with your query';
  })();
  useAnnouncement(heard, 'polite', run);
  useAnnouncement(
    library.isError ? library.error.message || SEARCH_FAILED : null,
    'assertive',
    run,
  );
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
  const more = openedFor === run ? outcome.more : [];
  const works = [...outcome.results, ...more];
  // The line is drawn in the ranked list; works opened later from outside sources get their own.
  const strong = strongResultCount(outcome.results.map((work) => work.similarity_score ?? 0));
  const item = (work: CitedWork) => (
    <SearchResultItem key={work.refId} work={work} onOpen={() => onOpen(work)} />
  );
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
        <p className="empty-state">Nothing found with your query</p>
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
      <ul className="result-list">{outcome.results.slice(0, strong).map(item)}</ul>
      {strong < outcome.results.length && (
        <>
          <p className="less-relevant-line">Less relevant: these match few of your words</p>
          <ul className="result-list">{outcome.results.slice(strong).map(item)}</ul>
        </>
      )}
      {more.length > 0 && (
        <>
          <p className="less-relevant-line">
            From {outcome.moreFrom.join(', ') || 'other sources'}
          </p>
          <ul className="result-list">{more.map(item)}</ul>
        </>
      )}
      {outcome.more.length > 0 && openedFor !== run && (
        <button type="button" className="link-button search-more" onClick={() => setOpenedFor(run)}>
          {moreText(outcome.more.length, outcome.moreFrom)}
        </button>
      )}
    </section>
  );
}
