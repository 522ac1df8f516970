import { sliderPosition } from './filter-form';

interface NumberWithSliderProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step?: number;
  /** Where the slider rests while the typed text is not a number. */
  fallback: number;
  disabled?: boolean;
}

/**
 * A typed value with a slider beside it. The text box is free text, not type=number, so Apply
 * can quote a wrong entry back to the user exactly as typed (spec 002 §5).
 */
export function NumberWithSlider(props: NumberWithSliderProps) {
  return (
    <div className="number-with-slider">
      <input
        type="text"
        inputMode="decimal"
        className="number-input"
        aria-label={props.label}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <input
        type="range"
        aria-label={`${props.label} slider`}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={sliderPosition(props.value, props.min, props.max, props.fallback)}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
