import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  DATA_ANALYSIS_ERROR,
  DATA_ANALYSIS_NOT_INSTALLED,
  DELETE_DATA_FILE_CONFIRM,
  NO_DATA_FILES,
} from '../../shared/analysis/data-file';
import { useAlert } from '../components/AlertProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { useEditorHandle } from '../editor/bridge/EditorBridge';
import { aiProvenance, MODEL_NOT_RECORDED } from '../../shared/document/provenance/provenance';
import { AnalysisProgressDialog } from './AnalysisProgressDialog';
import {
  analysisKeys,
  attachStep,
  notebookUrl,
  useAnalysisStatus,
  useConversation,
  useDataFiles,
  useDeleteDataFile,
  type AnalysisStep,
} from './api/data-analysis';
import { PaperNotebooks } from './PaperNotebooks';
import { ReportCheck } from './ReportCheck';
import { DataUploadDialog } from './DataUploadDialog';
import { lastFigure, resultMarkdown } from './insert-result';
import { NotebookView } from './notebook/NotebookView';
import { useAnalysisRun } from './useAnalysisRun';
import { newConversationId, useConversationId } from './conversation-id';

interface DataAnalysisModalProps {
  /** Spec 002 §6: the data-file calls carry the session's e-mail as the user id. */
  userId: string;
  /** The open paper, where 'Insert into paper' puts a result. */
  paperId: string | null;
  onClose: () => void;
}

/** The 'Data Analysis Assistant' (002 §2): files, the conversation with notebooks, Analyze. */
export function DataAnalysisModal({ userId, paperId, onClose }: DataAnalysisModalProps) {
  const status = useAnalysisStatus();
  return (
    <Modal
      title="Data Analysis Assistant"
      onClose={onClose}
      width="min(960px, 94vw)"
      className="analysis-modal"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {status.isPending ? (
        <div className="center-muted">
          <Spinner />
        </div>
      ) : status.data && !status.data.available ? (
        <p className="muted">{status.data.message ?? DATA_ANALYSIS_NOT_INSTALLED}</p>
      ) : (
        <AnalysisWorkspace userId={userId} paperId={paperId} />
      )}
    </Modal>
  );
}

function AnalysisWorkspace({ userId, paperId }: { userId: string; paperId: string | null }) {
  const showAlert = useAlert();
  const queryClient = useQueryClient();
  const getEditor = useEditorHandle();
  const files = useDataFiles(userId);
  const deleteFile = useDeleteDataFile(userId);
  const [conversationId, setConversationId] = useConversationId();
  const conversation = useConversation(conversationId);
  const run = useAnalysisRun(conversationId);
  const [chosenFileId, setFileId] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const [showUpload, setShowUpload] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [progressHidden, setProgressHidden] = useState(false);
  const [inserted, setInserted] = useState<string | null>(null);

  const list = useMemo(() => files.data ?? [], [files.data]);
  // The chosen file while it exists, else the newest one.
  const fileId = list.some((file) => file.file_id === chosenFileId)
    ? chosenFileId
    : (list[0]?.file_id ?? null);

  const steps = conversation.data ?? [];
  const completed = steps.filter((step) => step.status === 'completed');

  const analyze = async () => {
    const text = question.trim();
    if (!text || !fileId || run.running) return;
    setProgressHidden(false);
    setQuestion('');
    const messages = completed.flatMap((step) => [
      { role: 'user' as const, content: step.question },
      { role: 'assistant' as const, content: step.result?.report ?? '' },
    ]);
    const started = await run.start({ question: text, fileId, messages });
    // Never lose the user's typing: a refused question goes back into the box.
    if (!started) setQuestion((current) => current || text);
  };

  const insertIntoPaper = async (step: AnalysisStep) => {
    const editor = getEditor();
    if (!editor || !paperId) {
      showAlert('Open a paper first to insert the result.');
      return;
    }
    editor.insertBlocks(
      resultMarkdown(step.question, step.result?.report ?? '', lastFigure(step.trace)),
      aiProvenance('analysis-insert', MODEL_NOT_RECORDED),
    );
    try {
      await attachStep(step.stepId, paperId);
      setInserted(step.stepId);
      await queryClient.invalidateQueries({ queryKey: analysisKeys.paperNotebooks(paperId) });
    } catch (error) {
      console.error('Failed to attach the notebook to the paper', error);
    }
  };

  return (
    <div className="analysis-workspace">
      <div className="analysis-toolbar">
        <label className="analysis-file-select">
          <span>Data file</span>
          <select
            value={fileId ?? ''}
            onChange={(event) => setFileId(event.target.value || null)}
            disabled={list.length === 0}
            aria-label="Data file"
          >
            {list.length === 0 && <option value="">{NO_DATA_FILES}</option>}
            {list.map((file) => (
              <option key={file.file_id} value={file.file_id}>
                {file.filename}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => setShowUpload(true)}>
          Upload data
        </button>
        <button
          type="button"
          className="button danger"
          disabled={!fileId}
          onClick={() => setConfirmDelete(true)}
        >
          Delete file
        </button>
        <span className="toolbar-spacer" />
        {completed.length > 0 && (
          <a className="button" href={notebookUrl(conversationId)} download>
            Download notebook (.ipynb)
          </a>
        )}
        <button
          type="button"
          className="button"
          disabled={Boolean(run.running) || steps.length === 0}
          onClick={() => {
            setConversationId(newConversationId());
            run.clearError();
          }}
        >
          Clear conversation
        </button>
      </div>
      {files.isSuccess && list.length === 0 && <p className="empty-state">{NO_DATA_FILES}</p>}
      {paperId && <PaperNotebooks paperId={paperId} />}

      <div className="analysis-conversation" aria-live="polite">
        {steps.map((step) => (
          <div key={step.stepId} className="analysis-step">
            <div className="chat-message user">{step.question}</div>
            <div className="chat-message assistant">
              {step.status === 'completed' ? (
                <>
                  {step.automatic && <p className="analysis-label">Automatic analysis</p>}
                  <NotebookView notebook={step.trace} />
                  <ReportCheck step={step} />
                  <div className="analysis-step-actions">
                    <button
                      type="button"
                      className="button primary"
                      onClick={() => void insertIntoPaper(step)}
                      disabled={!paperId}
                      title={paperId ? undefined : 'Open a paper first'}
                    >
                      Insert into paper
                    </button>
                    {inserted === step.stepId || step.paperId === paperId ? (
                      <span className="muted">
                        Inserted; the notebook is attached to the paper.
                      </span>
                    ) : null}
                  </div>
                </>
              ) : step.status === 'failed' ? (
                <p className="error-box">{DATA_ANALYSIS_ERROR}</p>
              ) : (
                <p className="muted">Processing…</p>
              )}
            </div>
          </div>
        ))}
        {run.running && (
          <div className="analysis-step">
            <div className="chat-message user">{run.running.question}</div>
            <div className="chat-message assistant streaming">
              {run.running.text || <Spinner label="Analysing" />}
            </div>
          </div>
        )}
        {run.error && <p className="error-box">{run.error}</p>}
      </div>

      <div className="analysis-input">
        <textarea
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void analyze();
            }
          }}
          placeholder="Ask a question about your data, e.g. is the difference between the groups significant?"
          aria-label="Question about the data"
          rows={2}
        />
        <button
          type="button"
          className="button primary"
          onClick={() => void analyze()}
          disabled={!fileId || !question.trim() || Boolean(run.running)}
        >
          Analyze
        </button>
      </div>

      {run.running && !progressHidden && (
        <AnalysisProgressDialog
          progress={run.running.progress}
          onClose={() => setProgressHidden(true)}
        />
      )}
      {showUpload && (
        <DataUploadDialog
          userId={userId}
          onClose={() => setShowUpload(false)}
          onUploaded={(uploaded) => {
            setShowUpload(false);
            void files.refetch().then(() => setFileId(uploaded));
          }}
        />
      )}
      {confirmDelete && fileId && (
        <ConfirmDialog
          title="Delete file"
          message={DELETE_DATA_FILE_CONFIRM}
          confirmLabel="Delete"
          danger
          busy={deleteFile.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            deleteFile.mutate(fileId, {
              onError: (error) => showAlert(error.message),
              onSettled: () => setConfirmDelete(false),
            });
          }}
        />
      )}
    </div>
  );
}
