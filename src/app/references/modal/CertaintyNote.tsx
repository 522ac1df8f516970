import { assessCertainty } from '../../../shared/citations/score';
import type { CitedWork } from '../../../shared/citations/work';
import { certaintyWithMethod } from '../work-display';

/**
 * Why the assistant cited the work and how sure it is; at 0.5 or below the note turns orange
 * with the spec's warning (000 §5).
 */
export function CertaintyNote({ work }: { work: CitedWork }) {
  if (work.certainty === null && work.reasoning === null) return null;
  const { warning, message } = assessCertainty(work.certainty);
  return (
    <div className={warning ? 'certainty-note uncertain' : 'certainty-note'}>
      {work.certainty !== null && (
        <p>
          <strong>Certainty:</strong> {certaintyWithMethod(work)}
        </p>
      )}
      {work.reasoning !== null && (
        <p>
          <strong>Reasoning:</strong> {work.reasoning}
        </p>
      )}
      {message !== null && <p role="note">{message}</p>}
    </div>
  );
}
