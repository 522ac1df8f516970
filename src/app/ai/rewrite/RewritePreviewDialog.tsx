import { useMemo } from 'react';
import {
  GENERATE_FAILED_MESSAGE,
  NO_RELEVANT_LITERATURE_MESSAGE,
} from '../../../shared/ai/ai-messages';
import type { CitedWork } from '../../../shared/citations/work';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useAnnouncement } from '../../components/LiveAnnouncer';
import { DocumentPreview } from '../../editor/history/DocumentPreview';
import type { StreamSession } from '../stream/stream-session';
import {
  citedWorksOf,
  noRelevantLiteratureOf,
  progressOf,
  removedCitationsOf,
  shortenedFilesOf,
  unchangedReasonOf,
} from '../stream/stream-statuses';
import { useStreamSession } from '../stream/useStreamSession';
import { actionLabel, type RewriteTask } from './section-actions';

interface RewritePreviewDialogProps {
  /** '1.2 Background'. */
  sectionLabel: string;
  currentText: string;
  task: RewriteTask;
  session: StreamSession;
  /** The paper's cited works, so citations in both texts render with their labels. */
  citations: readonly unknown[];
  onEditInstructions: () => void;
  onAccept: (generated: string, cited: CitedWork[]) => void;
  onCancel: () => void;
}

/**
 * The rewrite preview of 000 §2.3 and §4, about 90% of the viewport: the task, the current text
 * and the streamed text side by side. It starts its stream once (StreamSession.start is
 * idempotent); Cancel aborts it.
 */
export function RewritePreviewDialog(props: RewritePreviewDialogProps) {
  const { task, onAccept, onCancel } = props;
  const state = useStreamSession(props.session);
  const { parsed, status } = state;
  const generating = status === 'streaming' || status === 'idle';
  const generated = parsed.text.trim();

  // Keyed by the status text so the works (and the preview built on them) are recreated only
  // when the citations arrive, not on every streamed chunk.
  const citationsStatus = parsed.statuses.find((entry) => entry.startsWith('citations:')) ?? '';
  const cited = useMemo(() => citedWorksOf([citationsStatus]), [citationsStatus]);
  const previewCitations = useMemo(() => [...props.citations, ...cited], [props.citations, cited]);
  const removed = removedCitationsOf(parsed.statuses);
  const shortenedFiles = shortenedFilesOf(parsed.statuses);
  const noRelevantLiterature = noRelevantLiteratureOf(parsed.statuses);
  const unchanged = unchangedReasonOf(parsed.statuses);
  const progress = progressOf(parsed.statuses);
  // Heard once each: the start, the end (not every streamed chunk), a failure at once.
  useAnnouncement(generating ? 'Generating...' : status === 'done' ? 'Generated text ready' : null);
  useAnnouncement(
    status === 'failed' ? (state.refusal ?? GENERATE_FAILED_MESSAGE) : null,
    'assertive',
  );

  return (
    <Modal
      title={`${actionLabel(task.action)}: section ${props.sectionLabel}`}
      onClose={onCancel}
      width="90vw"
      className="rewrite-preview"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            disabled={status !== 'done' || generated === ''}
            onClick={() => onAccept(generated, cited)}
          >
            OK
          </button>
        </>
      }
    >
      <div className="rewrite-task">
        <dl>
          <div>
            <dt>Task</dt>
            <dd>{actionLabel(task.action)}</dd>
          </div>
          <div>
            <dt>System prompt</dt>
            <dd>{task.systemPrompt || <span className="muted">Scriptor&apos;s default</span>}</dd>
          </div>
          <div>
            <dt>Instructions</dt>
            <dd className="rewrite-instructions">{task.instructions}</dd>
          </div>
          <div>
            <dt>Literature search</dt>
            <dd>{task.enableLiteratureSearch ? 'On' : 'Off'}</dd>
          </div>
        </dl>
        <button type="button" className="link-button" onClick={props.onEditInstructions}>
          Edit instructions
        </button>
      </div>

      <div className="rewrite-columns">
        <section className="rewrite-column" aria-labelledby="rewrite-current">
          <h3 id="rewrite-current">Current Text</h3>
          <div className="rewrite-text">
            {props.currentText.trim() === '' ? (
              <p className="muted">This section is empty. New content will be generated.</p>
            ) : (
              <DocumentPreview
                markdown={props.currentText}
                citations={props.citations}
                label="Current section text"
              />
            )}
          </div>
        </section>
        <section className="rewrite-column" aria-labelledby="rewrite-generated">
          <h3 id="rewrite-generated">
            Generated Text
            {generating && (
              <span className="rewrite-generating" role="status">
                <Spinner label="Generating" /> Generating...
                {progress && <span className="muted"> {progress}</span>}
              </span>
            )}
          </h3>
          <div className="rewrite-text">
            {status === 'failed' ? (
              <p className="error-text" role="alert">
                {state.refusal ?? GENERATE_FAILED_MESSAGE}
              </p>
            ) : (
              generated !== '' && (
                <DocumentPreview
                  markdown={generated}
                  citations={previewCitations}
                  label="Generated section text"
                />
              )
            )}
          </div>
          {unchanged && (
            <p className="muted rewrite-note" role="note">
              {unchanged}
            </p>
          )}
          {noRelevantLiterature && (
            <p className="muted rewrite-note" role="note">
              {NO_RELEVANT_LITERATURE_MESSAGE}
            </p>
          )}
          {shortenedFiles.length > 0 && (
            <p className="muted rewrite-note" role="note">
              {`Your files did not fit the model's context whole. Only the parts most relevant to this section were sent from: ${shortenedFiles.join(', ')}.`}
            </p>
          )}
          {status === 'done' && removed > 0 && (
            <p className="muted rewrite-note">
              {removed === 1
                ? '1 citation to a work outside the retrieved literature was removed.'
                : `${removed} citations to works outside the retrieved literature were removed.`}
            </p>
          )}
        </section>
      </div>
    </Modal>
  );
}
