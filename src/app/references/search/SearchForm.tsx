import type { FormEvent } from 'react';
import type { SearchState } from './useSearchState';

export function SearchForm({ search }: { search: SearchState }) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search.submit();
  };
  return (
    <form className="literature-search" role="search" onSubmit={onSubmit}>
      <input
        className="search-input"
        type="search"
        placeholder="Search the literature…"
        aria-label="Search literature"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
      />
      <button type="submit" className="button primary">
        Search
      </button>
    </form>
  );
}
