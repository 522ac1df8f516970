import { useState } from 'react';
import { DataAnalysisModal } from './DataAnalysisModal';

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
        <DataAnalysisModal userId={userEmail} paperId={paperId} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
