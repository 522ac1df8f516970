import { PAPER_TYPE_LABELS, type PaperType } from '../../../shared/papers/paper-types';
import { PAPER_TYPE_DESCRIPTIONS, WIZARD_TYPE_ORDER } from '../paper-type-info';

/** Step 0: every paper type with what it is for (radio buttons, so arrows move the choice). */
export function TypeStep(props: {
  type: PaperType | null;
  /** The temporary paper exists: its type may still change (it is saved with Save). */
  onChange: (type: PaperType) => void;
}) {
  return (
    <fieldset className="wizard-types">
      <legend className="visually-hidden">Paper type</legend>
      {WIZARD_TYPE_ORDER.map((type) => (
        <label key={type} className={props.type === type ? 'wizard-type selected' : 'wizard-type'}>
          <input
            type="radio"
            name="paper-type"
            value={type}
            checked={props.type === type}
            onChange={() => props.onChange(type)}
          />
          <span className="wizard-type-text">
            <strong>{PAPER_TYPE_LABELS[type]}</strong>
            <span className="muted">{PAPER_TYPE_DESCRIPTIONS[type]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
