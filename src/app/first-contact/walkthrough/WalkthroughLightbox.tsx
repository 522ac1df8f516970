import { useEffect, useState } from 'react';
import { Modal } from '../../components/Modal';
import {
  missingScreenshotsWarning,
  nextAvailable,
  type WalkthroughStep,
} from './walkthrough-steps';

/**
 * The walkthrough lightbox (002 §4): opens at the first available step; the arrows, or the
 * arrow keys, move among available steps and go round; Esc closes it.
 */
export function WalkthroughLightbox({
  steps,
  onClose,
}: {
  steps: readonly WalkthroughStep[];
  onClose: () => void;
}) {
  const [current, setCurrent] = useState(() =>
    Math.max(
      0,
      steps.findIndex((s) => s.available),
    ),
  );
  const available = steps.filter((step) => step.available);
  const step = steps[current];
  const position = available.findIndex((candidate) => candidate === step) + 1;
  const warning = missingScreenshotsWarning(steps);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setCurrent((index) => nextAvailable(steps, index, 1));
      if (event.key === 'ArrowLeft') setCurrent((index) => nextAvailable(steps, index, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [steps]);

  if (!step) return null;
  return (
    <Modal
      title="Walkthrough"
      onClose={onClose}
      width="min(1100px, 96vw)"
      className="walkthrough"
      readingBody
      footer={
        <>
          <button
            type="button"
            className="button"
            aria-label="Previous step"
            onClick={() => setCurrent((index) => nextAvailable(steps, index, -1))}
          >
            ← Previous
          </button>
          <span className="walkthrough-position" aria-live="polite">
            Step {position} of {available.length}
          </span>
          <button
            type="button"
            className="button primary"
            aria-label="Next step"
            onClick={() => setCurrent((index) => nextAvailable(steps, index, 1))}
          >
            Next →
          </button>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <p className="walkthrough-description">{step.description}</p>
      <img className="walkthrough-image" src={step.publicPath} alt={step.description} />
      {warning && (
        <p className="muted walkthrough-warning" role="note">
          {warning}
        </p>
      )}
    </Modal>
  );
}
