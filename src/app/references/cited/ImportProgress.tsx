import type { ImportJob } from './useImportJob';
import { ImportReport } from './ImportReport';

/** A large import's progress while its job runs, then what it imported or why it failed. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const state = job.state;
  const entries = job.entries.toLocaleString('en-US');
  if (state === null || state.status === 'pending' || state.status === 'processing') {
    const percent = state?.progress?.percentComplete ?? 0;
    return (
      <div className="import-progress" role="status">
        <p>{state?.progress?.currentOperation ?? `Importing ${entries} references…`}</p>
        <progress max={100} value={percent} aria-label="Import progress">
          {percent}%
        </progress>
      </div>
    );
  }
  if (state.status === 'completed' && state.outcome)
    return <ImportReport outcome={state.outcome} />;
  return (
    <p className="form-error" role="alert">
      {state.status === 'cancelled'
        ? 'The import was cancelled'
        : `The import failed: ${state.error ?? 'unknown error'}`}
    </p>
  );
}
