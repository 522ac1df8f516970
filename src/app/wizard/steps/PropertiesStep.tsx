import { useId } from 'react';
import type { PaperType } from '../../../shared/papers/paper-types';
import { FIELD_OPTIONS, METHODOLOGY_OPTIONS } from '../paper-type-info';
import type { PropertiesInput } from '../wizard-steps';

/**
 * Step 1 (001 §5): Title, Description ('Description (optional)' for empty), Research
 * Methodology and Scientific Field for scientific, Field for book. Methodology and field offer
 * the spec's suggestions (a datalist) and accept any text.
 */
export function PropertiesStep(props: {
  type: PaperType | null;
  values: PropertiesInput;
  onChange: (values: PropertiesInput) => void;
}) {
  const { type, values } = props;
  const methodologies = useId();
  const fields = useId();
  const set = (change: Partial<PropertiesInput>) => props.onChange({ ...values, ...change });
  const fieldLabel = type === 'scientific' ? 'Scientific Field' : type === 'book' ? 'Field' : null;
  return (
    <div className="wizard-properties">
      <label className="field">
        <span>Title</span>
        <input
          name="title"
          value={values.title}
          maxLength={500}
          onChange={(event) => set({ title: event.target.value })}
        />
      </label>
      <label className="field">
        <span>{type === 'empty' ? 'Description (optional)' : 'Description'}</span>
        <textarea
          name="description"
          rows={4}
          value={values.description}
          maxLength={20_000}
          placeholder="The topic and the question the paper answers"
          onChange={(event) => set({ description: event.target.value })}
        />
      </label>
      {type === 'scientific' && (
        <label className="field">
          <span>Research Methodology</span>
          <input
            name="methodology"
            list={methodologies}
            value={values.methodology}
            maxLength={2000}
            placeholder="Choose or type a methodology"
            onChange={(event) => set({ methodology: event.target.value })}
          />
          <datalist id={methodologies}>
            {METHODOLOGY_OPTIONS.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </label>
      )}
      {fieldLabel && (
        <label className="field">
          <span>{fieldLabel}</span>
          <input
            name="field"
            list={fields}
            value={values.fieldOfResearch}
            maxLength={2000}
            placeholder="Choose or type a field"
            onChange={(event) => set({ fieldOfResearch: event.target.value })}
          />
          <datalist id={fields}>
            {FIELD_OPTIONS.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </label>
      )}
    </div>
  );
}
