import { ACCEPTED_EXTENSIONS, goalLabel, uploadGoalsFor } from '../../shared/files/upload-formats';
import { GoalDropZone, statusText } from './GoalDropZone';
import type { UploadQueue } from './useUploadQueue';

/** The Upload Files body: one drop zone per goal of the paper type, then the queue. */
export function UploadFilesPanel({ paperType, queue }: { paperType: string; queue: UploadQueue }) {
  const { uploading } = queue;
  return (
    <div className="upload-dialog">
      <div className="drop-zones">
        {uploadGoalsFor(paperType).map((goal) => (
          <GoalDropZone
            key={goal}
            goal={goal}
            disabled={uploading}
            onFiles={(files) => queue.addFiles(goal, files)}
          />
        ))}
      </div>
      <p className="upload-accepted">Accepted types: {ACCEPTED_EXTENSIONS.join(' ')}</p>
      {queue.skipped.length > 0 && (
        <p className="upload-skipped" role="status">
          Not added (type not accepted): {queue.skipped.join(', ')}
        </p>
      )}
      {queue.queue.length > 0 && (
        <div className="upload-queue">
          <h3>Files to upload:</h3>
          <ul>
            {queue.queue.map((entry) => (
              <li
                key={entry.key}
                className={entry.error ? 'upload-failed' : undefined}
                data-testid="upload-entry"
              >
                <span className="upload-name">{entry.file.name}</span>
                <span className="upload-goal">{goalLabel(entry.goal)}</span>
                <span className="upload-status">{statusText(entry)}</span>
                {!uploading && !entry.uploaded && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${entry.file.name}`}
                    title="Remove"
                    onClick={() => queue.remove(entry.key)}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
