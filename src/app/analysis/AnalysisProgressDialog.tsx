import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import type { AnalysisProgress } from './api/data-analysis';

const STAGES: Record<string, { title: string; icon: string }> = {
  planning: { title: 'Planning Analysis', icon: '🧭' },
  analysis: { title: 'Running Analysis', icon: '⚙️' },
  report: { title: 'Generating Report', icon: '📝' },
};

/** The analysis progress dialog of spec 000 §2.7. */
export function AnalysisProgressDialog({
  progress,
  onClose,
}: {
  progress: AnalysisProgress | null;
  onClose: () => void;
}) {
  const stage = (progress && STAGES[progress.stage]) ?? { title: 'Processing', icon: '⏳' };
  const percent = Math.max(0, Math.min(100, Math.round(progress?.percentComplete ?? 0)));
  return (
    <Modal title={stage.title} onClose={onClose} width={420}>
      <div className="analysis-progress" data-testid="analysis-progress">
        <div className="analysis-progress-stage">
          <span className="analysis-progress-icon" aria-hidden="true">
            {stage.icon}
          </span>
          <Spinner />
        </div>
        {progress && (
          <p>
            Step {progress.step} of {progress.totalSteps}
          </p>
        )}
        <div
          className="progress-bar"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar-fill" style={{ width: `${percent}%` }} />
        </div>
        <p>{percent}%</p>
        {progress?.currentOperation && (
          <p className="analysis-operation">{progress.currentOperation}</p>
        )}
        {progress?.details && <pre className="analysis-details">{progress.details}</pre>}
      </div>
    </Modal>
  );
}
