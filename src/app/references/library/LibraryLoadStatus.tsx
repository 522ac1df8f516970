import { isLoading, useLibraryStatus } from './library-status-api';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * While the bundled literature loads on first start, says how far it is, so an empty or thin
 * search result is not mistaken for the whole library. Nothing once it is loaded.
 */
export function LibraryLoadStatus() {
  const { data } = useLibraryStatus();
  if (!data?.corpus) return null;
  if (data.corpus.status === 'failed') {
    return (
      <p className="library-status form-error" role="alert">
        The literature library could not be loaded: {data.corpus.error ?? 'unknown error'}
      </p>
    );
  }
  if (!isLoading(data)) return null;
  const progress = data.corpus.progress;
  const known = progress?.works !== undefined && progress.totalWorks !== undefined;
  return (
    <div className="library-status" role="status">
      <p>
        {known
          ? `Loading the literature library: ${count(progress.works ?? 0)} of ${count(progress.totalWorks ?? 0)} works`
          : 'Loading the literature library…'}
      </p>
      <progress max={100} value={progress?.percentComplete ?? 0} aria-label="Library loading" />
    </div>
  );
}
