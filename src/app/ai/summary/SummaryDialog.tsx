import { useMemo, useState } from 'react';
import { SUMMARY_FAILED_MESSAGE } from '../../../shared/ai/ai-messages';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useRefreshCosts } from '../../billing/api/billing';
import { DocumentPreview } from '../../editor/history/DocumentPreview';
import { streamAi } from '../stream/ai-stream';
import { StreamSession } from '../stream/stream-session';
import { citedWorksOf } from '../stream/stream-statuses';
import { useStreamSession } from '../stream/useStreamSession';

interface SummaryDialogProps {
  title: string;
  /** The work's DOI, or its refId when it has none (docs/ai-api.md). */
  doi: string;
  paperId: string;
  /** Why summaries cannot be made here (no model configured), or null. */
  unavailable: string | null;
  onClose: () => void;
}

/**
 * The Summary dialog of spec 002 §2 and §4: what the work found and how it bears on the open
 * paper, streamed. One request per work and paper while the dialog is open; closing it cancels
 * the request and a new opening starts afresh. The text is shown as the editor shows a paper, so
 * its citations (only of works retrieved for it: the server filters them) read as labels.
 */
export function SummaryDialog({ title, unavailable, onClose, ...work }: SummaryDialogProps) {
  return (
    <Modal
      title="Summary"
      onClose={onClose}
      width={720}
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <h3 className="summary-title">{title}</h3>
      {unavailable ? (
        <p className="summary-unavailable">{unavailable}</p>
      ) : (
        <SummaryStream {...work} />
      )}
    </Modal>
  );
}

function SummaryStream({ doi, paperId }: { doi: string; paperId: string }) {
  const refreshCosts = useRefreshCosts();
  // Charged or refunded, the balance changed once the stream ends.
  const [session] = useState(
    () =>
      new StreamSession((signal, onUpdate) =>
        streamAi('/api/summarize-elaborate', { doi, paperId }, { signal, onUpdate }).finally(
          refreshCosts,
        ),
      ),
  );
  const state = useStreamSession(session);
  const { parsed, status } = state;
  const streaming = status === 'streaming' || status === 'idle';
  // The works the summary may cite arrive before its text; keyed by the status so the preview's
  // registry is replaced once, not on every chunk.
  const citationsStatus = parsed.statuses.find((entry) => entry.startsWith('citations:')) ?? '';
  const citations = useMemo(() => citedWorksOf([citationsStatus]), [citationsStatus]);
  return status === 'failed' ? (
    <p className="error-text" role="alert">
      {state.refusal ?? SUMMARY_FAILED_MESSAGE}
    </p>
  ) : parsed.part === null ? (
    <p className="summary-status" role="status">
      <Spinner label="Searching" /> Searching for document...
    </p>
  ) : (
    <>
      <div className="summary-text" aria-live="polite">
        <DocumentPreview markdown={parsed.text.trim()} citations={citations} label="Summary text" />
      </div>
      {streaming && (
        <p className="summary-status" role="status">
          <Spinner label="Summarizing" /> Summarizing...
        </p>
      )}
    </>
  );
}
