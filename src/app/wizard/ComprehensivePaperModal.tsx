import { Modal } from '../components/Modal';
import { dollars2, type RefineCost } from './refine-cost';
import { refineProgress } from './job-status-text';
import type { RefineState } from './useRefineJob';

/**
 * The Comprehensive Paper modal (001 §2): the cost analysis, a progress bar and Start
 * Refinement, disabled with the spec's reason. Closing it leaves a running refinement going;
 * the structure tree shows which section is being refined.
 */
export function ComprehensivePaperModal(props: {
  cost: RefineCost;
  /** Why Start Refinement is disabled ('Please select a model first', ...), or null. */
  disabledReason: string | null;
  refine: RefineState;
  onStart: () => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  const { cost, refine } = props;
  const running = ['starting', 'running', 'applying'].includes(refine.phase);
  const progress = refine.job ? refineProgress(refine.job) : null;
  const percent =
    refine.phase === 'applying' || refine.phase === 'done' ? 100 : (progress?.percent ?? 0);
  return (
    <Modal
      title="Comprehensive Paper"
      onClose={props.onClose}
      width={560}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Close
          </button>
          {running && refine.phase !== 'applying' && (
            <button type="button" className="button danger" onClick={props.onCancel}>
              Cancel Refinement
            </button>
          )}
          {!running && (
            <button
              type="button"
              className="button primary"
              disabled={props.disabledReason !== null}
              title={props.disabledReason ?? undefined}
              onClick={props.onStart}
            >
              Start Refinement
            </button>
          )}
        </>
      }
    >
      <p>
        Each section of the structure is expanded into subsections with their own purposes and
        literature, to about {cost.expandedSections || 'four times as many'} sections: the outline
        of an extensive paper (100+ pages).
      </p>
      <h3 className="wizard-subheading">Cost analysis</h3>
      <dl className="refine-cost">
        <dt>Sections to refine</dt>
        <dd>{cost.sections}</dd>
        <dt>Cost per section</dt>
        <dd>{dollars2(cost.costPerSection)}</dd>
        <dt>Refinement cost</dt>
        <dd>
          {cost.sections} × {dollars2(cost.costPerSection)} = {dollars2(cost.refinement)}
        </dd>
        <dt>Writing the extensive paper (4x expansion)</dt>
        <dd>
          about {cost.expandedSections} sections × {dollars2(cost.costPerSection)} ={' '}
          {dollars2(cost.expandedWriting)}
        </dd>
      </dl>
      <p className="muted">The actual cost may be higher.</p>
      <p className="muted">Refining a section is expected to take several minutes.</p>
      {props.disabledReason && !running && (
        <p className="form-error" role="alert">
          {props.disabledReason}
        </p>
      )}
      {(running || refine.phase === 'done') && (
        <div className="refine-progress">
          <progress max={100} value={percent} aria-label="Refinement progress" />
          <span role="status">
            {refine.phase === 'starting'
              ? 'Starting refinement...'
              : refine.phase === 'applying'
                ? 'Refinement complete - applying the result...'
                : refine.phase === 'done'
                  ? 'Refinement complete - the structure was updated'
                  : progress && progress.total > 0
                    ? `Refining structure (${progress.percent}% - Section ${progress.index}/${progress.total})`
                    : 'Waiting to start refinement'}
          </span>
        </div>
      )}
    </Modal>
  );
}
