import { useState } from 'react';
import {
  currentYear,
  defaultSearchFilters,
  JIF_SLIDER_MAX,
  MAX_MIN_CITATIONS,
  type SearchFilters,
} from '../../../shared/literature/search-filters';
import { useAlert } from '../../components/AlertProvider';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';
import { useSaveSearchFilters, useWebSearchAllowed } from '../api/search-filters-api';
import { WEB_NOT_ALLOWED_NOTE } from '../search/search-report-text';
import { DocumentTypesField } from './DocumentTypesField';
import { filtersFromForm, formFromFilters, type FilterForm } from './filter-form';
import { NumberWithSlider } from './NumberWithSlider';
import { YearRangeField } from './YearRangeField';

interface SearchFiltersDialogProps {
  filters: SearchFilters;
  onClose: () => void;
}

const JIF_SLIDER_STEP = 0.1;

/**
 * 'Search Filters' (spec 002 §2, §3, §5): Apply checks every field first and alerts the first
 * problem; valid filters are saved for the user and used by every later search.
 */
export function SearchFiltersDialog({ filters, onClose }: SearchFiltersDialogProps) {
  const showAlert = useAlert();
  const save = useSaveSearchFilters();
  const webAllowed = useWebSearchAllowed();
  const [form, setForm] = useState<FilterForm>(() => formFromFilters(filters));
  const change = (changes: Partial<FilterForm>) =>
    setForm((current) => ({ ...current, ...changes }));

  const apply = () => {
    const result = filtersFromForm(form);
    if (!result.ok) {
      showAlert(result.message);
      return;
    }
    save.mutate(result.filters, {
      onSuccess: onClose,
      onError: (error) => showAlert(error.message || 'Failed to save filters'),
    });
  };

  return (
    <Modal
      title="Search Filters"
      onClose={onClose}
      width={540}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel="Apply"
          disabled={save.isPending}
          onConfirm={apply}
        >
          <button
            type="button"
            className="button"
            onClick={() => setForm(formFromFilters(defaultSearchFilters()))}
          >
            Reset
          </button>
        </DialogActions>
      }
    >
      <div className="search-filters">
        <label className="field">
          <span>Include text</span>
          <input
            value={form.includeText}
            placeholder="Words every result must mention"
            onChange={(event) => change({ includeText: event.target.value })}
          />
        </label>
        <label className="field">
          <span>Exclude text</span>
          <input
            value={form.excludeText}
            placeholder="Words no result may mention"
            onChange={(event) => change({ excludeText: event.target.value })}
          />
        </label>
        <YearRangeField
          startYear={form.startYear}
          endYear={form.endYear}
          includeUndated={form.includeUndated}
          currentYear={currentYear()}
          onChange={change}
          onIncludeUndatedChange={(includeUndated) => change({ includeUndated })}
        />
        <fieldset className="filter-group">
          <legend>Minimum citations</legend>
          <NumberWithSlider
            label="Minimum citations"
            value={form.minCitations}
            min={0}
            max={MAX_MIN_CITATIONS}
            fallback={0}
            onChange={(minCitations) => change({ minCitations })}
          />
        </fieldset>
        <DocumentTypesField
          value={form.documentTypes}
          onChange={(documentTypes) => {
            if (documentTypes.web && !form.documentTypes.web && !webAllowed) {
              showAlert(WEB_NOT_ALLOWED_NOTE);
              return;
            }
            change({ documentTypes });
          }}
        />
        <fieldset className="filter-group">
          <legend>Journal impact factor</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.jifEnabled}
              onChange={(event) => change({ jifEnabled: event.target.checked })}
            />
            Only journals with a minimum impact factor (JIF)
          </label>
          <NumberWithSlider
            label="Minimum JIF"
            value={form.jifValue}
            min={0}
            max={JIF_SLIDER_MAX}
            step={JIF_SLIDER_STEP}
            fallback={0}
            disabled={!form.jifEnabled}
            onChange={(jifValue) => change({ jifValue })}
          />
          {form.jifEnabled && (
            <p className="field-hint">
              Kept with your filters. The current literature sources report no impact factors, so it
              does not narrow the results yet.
            </p>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
