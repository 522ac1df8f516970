import { Spinner } from './Spinner';

/** The 'Loading paper...' state (spec 002 §2) over the pane or editor it is placed in. */
export function LoadingPaper() {
  return (
    <div className="loading-overlay" role="status">
      <Spinner />
      <span>Loading paper...</span>
    </div>
  );
}
