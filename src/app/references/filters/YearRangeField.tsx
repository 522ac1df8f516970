import { YEAR_FLOOR } from '../../../shared/literature/search-filters';
import { sliderPosition } from './filter-form';

interface YearRangeFieldProps {
  startYear: string;
  endYear: string;
  includeUndated: boolean;
  onChange: (years: { startYear: string; endYear: string }) => void;
  onIncludeUndatedChange: (includeUndated: boolean) => void;
  currentYear: number;
}

/**
 * The publication years as two typed years and one two-handled slider from 1990 to this year.
 * The handles cannot cross, so the slider always shows a period. A range starting at 1990 also
 * finds earlier works, and works without a known year pass unless 'Include undated works' is
 * cleared (docs/literature-federation.md).
 */
export function YearRangeField({
  startYear,
  endYear,
  includeUndated,
  onChange,
  onIncludeUndatedChange,
  currentYear,
}: YearRangeFieldProps) {
  const start = sliderPosition(startYear, YEAR_FLOOR, currentYear, YEAR_FLOOR);
  const end = sliderPosition(endYear, YEAR_FLOOR, currentYear, currentYear);
  const span = currentYear - YEAR_FLOOR || 1;
  const fill = {
    left: `${((Math.min(start, end) - YEAR_FLOOR) / span) * 100}%`,
    right: `${((currentYear - Math.max(start, end)) / span) * 100}%`,
  };
  return (
    <fieldset className="filter-group">
      <legend>Publication years</legend>
      <div className="year-inputs">
        <input
          type="text"
          inputMode="numeric"
          className="number-input"
          aria-label="From year"
          value={startYear}
          onChange={(event) => onChange({ startYear: event.target.value, endYear })}
        />
        <span aria-hidden="true">–</span>
        <input
          type="text"
          inputMode="numeric"
          className="number-input"
          aria-label="To year"
          value={endYear}
          onChange={(event) => onChange({ startYear, endYear: event.target.value })}
        />
      </div>
      <div className="dual-range">
        <div className="dual-range-track" aria-hidden="true">
          <div className="dual-range-fill" style={fill} />
        </div>
        <input
          type="range"
          // Handles that meet at this year would leave only the later one movable, and it
          // cannot move right: the earlier one goes on top to be dragged back.
          className={start >= currentYear ? 'on-top' : undefined}
          aria-label="From year slider"
          min={YEAR_FLOOR}
          max={currentYear}
          value={start}
          onChange={(event) =>
            onChange({ startYear: String(Math.min(Number(event.target.value), end)), endYear })
          }
        />
        <input
          type="range"
          aria-label="To year slider"
          min={YEAR_FLOOR}
          max={currentYear}
          value={end}
          onChange={(event) =>
            onChange({ startYear, endYear: String(Math.max(Number(event.target.value), start)) })
          }
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={includeUndated}
          onChange={(event) => onIncludeUndatedChange(event.target.checked)}
        />
        Include undated works
      </label>
      {sliderPosition(startYear, YEAR_FLOOR, currentYear, YEAR_FLOOR) <= YEAR_FLOOR && (
        <p className="field-hint">From {YEAR_FLOOR} includes earlier works.</p>
      )}
    </fieldset>
  );
}
