import { DOCUMENT_TYPES, type DocumentTypes } from '../../../shared/literature/search-filters';
import { DOCUMENT_TYPE_LABELS } from './filter-form';

interface DocumentTypesFieldProps {
  value: DocumentTypes;
  onChange: (value: DocumentTypes) => void;
}

export function DocumentTypesField({ value, onChange }: DocumentTypesFieldProps) {
  return (
    <fieldset className="filter-group">
      <legend>Document types</legend>
      <div className="checkbox-grid">
        {DOCUMENT_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input
              type="checkbox"
              checked={value[type]}
              onChange={(event) => onChange({ ...value, [type]: event.target.checked })}
            />
            {DOCUMENT_TYPE_LABELS[type]}
          </label>
        ))}
      </div>
      <p className="field-hint">With none ticked, every type is searched.</p>
    </fieldset>
  );
}
