import { useEffect, useState } from 'react';
import { usePaperHistory, useRestoreVersion, type RestoreResult } from '../../api/papers';
import { ApiError } from '../../api/http';
import { useAlert } from '../../components/AlertProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { CompareVersionsDialog } from '../dialogs/CompareVersionsDialog';
import type { Draft } from '../saving/draft';
import { VersionList } from './VersionList';
import { VersionPreview } from './VersionPreview';

interface VersionHistoryDialogProps {
  paperId: string;
  /** Unsaved edits are replaced by the restored version; the confirmation says so. */
  hasUnsavedChanges: boolean;
  /** The paper as it is now, for Compare Versions. */
  readCurrent: () => Draft;
  onRestored: (result: RestoreResult) => void;
  onClose: () => void;
}

/** A server answer with an error is a failed fetch; no answer at all is a failed load. */
function historyError(error: Error): string {
  return error instanceof ApiError ? 'Failed to fetch history' : 'Failed to load history';
}

/** The Version History modal (spec 001 §2): versions on the left, the chosen one on the right. */
export function VersionHistoryDialog(props: VersionHistoryDialogProps) {
  const showAlert = useAlert();
  const history = usePaperHistory(props.paperId);
  const restore = useRestoreVersion(props.paperId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [comparing, setComparing] = useState<Draft | null>(null);

  const { error } = history;
  useEffect(() => {
    if (error) showAlert(historyError(error));
  }, [error, showAlert]);

  const versions = history.data ?? [];
  const selected = versions.find((version) => version.history_id === selectedId) ?? versions[0];

  const confirmRestore = async () => {
    if (!selected) return;
    setConfirming(false);
    setComparing(null);
    try {
      const result = await restore.mutateAsync(selected.history_id);
      showAlert(`Successfully restored version ${result.restoredFromVersion}`);
      props.onRestored(result);
    } catch {
      showAlert('Failed to restore version');
    }
  };

  let body;
  if (history.isPending) {
    body = (
      <div className="center-muted">
        <Spinner />
      </div>
    );
  } else if (error) {
    body = <p className="error-box">{historyError(error)}</p>;
  } else if (!selected) {
    body = (
      <p className="empty-state">
        No earlier versions yet. Each save keeps the version it replaces.
      </p>
    );
  } else {
    body = (
      <div className="version-history">
        <VersionList
          versions={versions}
          selectedId={selected.history_id}
          onSelect={setSelectedId}
        />
        <VersionPreview
          key={selected.history_id}
          version={selected}
          restoring={restore.isPending}
          onRestore={() => setConfirming(true)}
          onCompare={() => setComparing(props.readCurrent())}
        />
      </div>
    );
  }

  return (
    <>
      <Modal
        title="Version History"
        onClose={props.onClose}
        width={1200}
        footer={
          <button type="button" className="button" onClick={props.onClose}>
            Done
          </button>
        }
      >
        {body}
      </Modal>
      {comparing && selected && (
        <CompareVersionsDialog
          version={{
            number: selected.version_number,
            title: selected.title,
            content: selected.content,
          }}
          current={comparing}
          citations={selected.citations}
          restoring={restore.isPending}
          onRestore={() => setConfirming(true)}
          onKeepCurrent={() => setComparing(null)}
        />
      )}
      {confirming && selected && (
        <ConfirmDialog
          title={`Restore version ${selected.version_number}?`}
          message={
            'The current version will be saved to history, so you can return to it later.' +
            (props.hasUnsavedChanges ? ' Unsaved changes in the editor will be discarded.' : '')
          }
          confirmLabel="Restore"
          onConfirm={() => void confirmRestore()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
