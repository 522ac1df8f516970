import { useState } from 'react';
import { useSearchFilters } from '../api/search-filters-api';
import { SearchFiltersDialog } from './SearchFiltersDialog';

/** The sidebar's 'Limit Sources' (spec 002 §2), opening the Search Filters dialog. */
export function LimitSourcesButton() {
  const [open, setOpen] = useState(false);
  const { filters, ready } = useSearchFilters();
  return (
    <>
      <button
        type="button"
        className="button block"
        disabled={!ready}
        onClick={() => setOpen(true)}
      >
        Limit Sources
      </button>
      {open && <SearchFiltersDialog filters={filters} onClose={() => setOpen(false)} />}
    </>
  );
}
