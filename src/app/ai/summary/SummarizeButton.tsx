import { useState } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import { plainTitle } from '../../references/jats-text';
import { useReferences } from '../../references/references-context';
import { useAiAvailability } from '../availability/useAiAvailability';
import { SummaryDialog } from './SummaryDialog';

/**
 * The reference modal's way into the Summary dialog (002 §2). Shown while a paper is open,
 * since the summary says how the work bears on that paper.
 */
export function SummarizeButton({ work }: { work: CitedWork }) {
  const paperId = useReferences().paper?.id;
  const { reason } = useAiAvailability()('summary');
  const [open, setOpen] = useState(false);
  if (!paperId) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        title="Summarize this work and how it bears on your paper"
        onClick={() => setOpen(true)}
      >
        Summarize
      </button>
      {open && (
        <SummaryDialog
          title={plainTitle(work.title) || 'Untitled'}
          doi={work.doi ?? work.refId}
          paperId={paperId}
          unavailable={reason}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
