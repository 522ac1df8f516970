import { lazy, Suspense, useState } from 'react';

// The analysis views (notebook, upload, progress) are fetched when a user opens them.
const DataAnalysisModal = lazy(() =>
  import('./DataAnalysisModal').then((module) => ({ default: module.DataAnalysisModal })),
);

/** The left sidebar's 'open data analysis' (002 §2 workspace layout). */
export function OpenDataAnalysisButton({
  userEmail,
  paperId,
}: {
  userEmail: string;
  paperId: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button block" onClick={() => setOpen(true)}>
        Data Analysis
      </button>
      {open && (
        <Suspense fallback={null}>
          <DataAnalysisModal userId={userEmail} paperId={paperId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
