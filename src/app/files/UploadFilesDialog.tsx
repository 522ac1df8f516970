import { useAlert } from '../components/AlertProvider';
import { Modal } from '../components/Modal';
import { IMPORT_GOAL, useImportIntoEmptyPaper } from './import-document';
import { UploadFilesPanel } from './UploadFilesPanel';
import { useUploadQueue } from './useUploadQueue';

interface UploadFilesDialogProps {
  paperId: string;
  paperType: string;
  onClose: () => void;
}

/**
 * The 'Upload Files' dialog (spec 000 §2.6, §4): one drop zone per goal of the paper's type;
 * queued files are sent one at a time and converted on the server while their progress shows.
 */
export function UploadFilesDialog({ paperId, paperType, onClose }: UploadFilesDialogProps) {
  const showAlert = useAlert();
  const importIntoEmptyPaper = useImportIntoEmptyPaper(paperId);
  const queue = useUploadQueue(paperId, async (entry) => {
    if (entry.goal !== IMPORT_GOAL) return;
    await importIntoEmptyPaper(entry.fileId).catch((error: unknown) =>
      showAlert(error instanceof Error ? error.message : 'Failed to import the document.'),
    );
  });
  const { uploading, pending } = queue;

  const upload = async () => {
    if (!(await queue.upload())) showAlert('Failed to upload files. Please try again.');
  };

  const close = () => {
    if (!uploading) onClose();
  };

  return (
    <Modal
      title="Upload Files"
      onClose={close}
      width={640}
      footer={
        <>
          <button type="button" className="button" onClick={close} disabled={uploading}>
            Close
          </button>
          <button
            type="button"
            className="button primary"
            disabled={uploading || pending.length === 0}
            onClick={() => void upload()}
          >
            {uploading ? 'Uploading...' : 'Upload Files'}
          </button>
        </>
      }
    >
      <UploadFilesPanel paperType={paperType} queue={queue} />
    </Modal>
  );
}
