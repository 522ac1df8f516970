import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAcceptedFileName } from '../../shared/files/upload-formats';
import { fileKeys } from './api/files';
import { uploadFile } from './api/upload-file';
import { initialProgress, type UploadProgress } from './upload-progress';

/** A queued file (spec 000 §3 'uploaded-file entry'). */
export interface QueuedFile extends UploadProgress {
  key: string;
  file: File;
  goal: string;
  fileId: string;
}

/**
 * The Upload Files queue (spec 000 §2.6, §4), shared by the dialog and the wizard's upload
 * step: files queued per goal are sent one at a time and converted on the server while their
 * progress shows. `onConverted` runs after each converted file; `upload` resolves with whether
 * every file made it.
 */
export function useUploadQueue(
  paperId: string | null,
  onConverted?: (entry: QueuedFile) => Promise<void>,
) {
  const client = useQueryClient();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  const addFiles = useCallback((goal: string, files: File[]) => {
    const accepted = files.filter((file) => isAcceptedFileName(file.name));
    setSkipped(files.filter((file) => !isAcceptedFileName(file.name)).map((file) => file.name));
    setQueue((current) => [
      ...current,
      ...accepted.map((file) => ({
        ...initialProgress(),
        key: crypto.randomUUID(),
        fileId: crypto.randomUUID(),
        file,
        goal,
      })),
    ]);
  }, []);

  const update = (key: string, change: Partial<QueuedFile>) =>
    setQueue((current) =>
      current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );

  const remove = useCallback(
    (key: string) => setQueue((current) => current.filter((item) => item.key !== key)),
    [],
  );

  const pending = queue.filter((entry) => !entry.uploaded);

  const upload = async (): Promise<boolean> => {
    if (pending.length === 0 || paperId === null) return true;
    setUploading(true);
    let failed = false;
    for (const entry of pending) {
      update(entry.key, { ...initialProgress() });
      try {
        const result = await uploadFile(
          { file: entry.file, goal: entry.goal, paperId, fileId: entry.fileId },
          (progress) => update(entry.key, progress),
        );
        update(entry.key, result);
        if (!result.uploaded) failed = true;
        else if (onConverted) await onConverted(entry);
      } catch {
        update(entry.key, { error: 'The upload was interrupted.' });
        failed = true;
      }
    }
    setUploading(false);
    await client.invalidateQueries({ queryKey: fileKeys.list(paperId) });
    return !failed;
  };

  return { queue, skipped, uploading, pending, addFiles, remove, upload };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
