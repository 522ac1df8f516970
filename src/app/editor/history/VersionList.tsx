import type { PaperHistoryEntry } from '../../api/papers';
import { relativeTime } from '../../../shared/time/relative-time';

interface VersionListProps {
  versions: PaperHistoryEntry[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function VersionList({ versions, selectedId, onSelect }: VersionListProps) {
  return (
    <ul className="version-list" aria-label="Versions">
      {versions.map((version) => (
        <li key={version.history_id}>
          <button
            type="button"
            className={version.history_id === selectedId ? 'version-item selected' : 'version-item'}
            aria-current={version.history_id === selectedId}
            onClick={() => onSelect(version.history_id)}
          >
            <span className="version-number">Version {version.version_number}</span>
            <span className="version-meta">
              {relativeTime(version.version_created_at)}
              {version.version_created_by_name ? ` · ${version.version_created_by_name}` : ''}
            </span>
            {version.version_comment && (
              <span className="version-comment">{version.version_comment}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
