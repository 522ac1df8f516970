import { useFirstContact } from '../FirstContactProvider';
import { useWalkthroughSteps } from './useWalkthroughSteps';
import { missingScreenshotsWarning } from './walkthrough-steps';

/**
 * 'Walkthrough' (002 §2): disabled while the screenshots are checked and when none is there
 * (002 §8), with the warning beside it.
 */
export function WalkthroughButton({ className = 'button primary' }: { className?: string }) {
  const { show } = useFirstContact();
  const steps = useWalkthroughSteps();
  const none = !steps.data?.some((step) => step.available);
  const warning = steps.data ? missingScreenshotsWarning(steps.data) : null;
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={steps.isPending || none}
        onClick={() => show('walkthrough')}
      >
        Walkthrough
      </button>
      {!steps.isPending && none && warning && (
        <span className="muted walkthrough-warning">{warning}</span>
      )}
    </>
  );
}
