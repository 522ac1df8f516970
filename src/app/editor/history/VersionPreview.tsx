import type { PaperHistoryEntry } from '../../api/papers';
import { DocumentPreview } from './DocumentPreview';

interface VersionPreviewProps {
  version: PaperHistoryEntry;
  restoring: boolean;
  onRestore: () => void;
  onCompare: () => void;
}

function Property({ label, value }: { label: string; value: string }) {
  return (
    <div className="version-property">
      <dt>{label}</dt>
      <dd>{value.trim() === '' ? '—' : value}</dd>
    </div>
  );
}

/** The right side of the Version History modal (spec 001 §2). */
export function VersionPreview({ version, restoring, onRestore, onCompare }: VersionPreviewProps) {
  return (
    <section className="version-preview" aria-label={`Version ${version.version_number}`}>
      <header className="version-preview-header">
        <h3>{version.title}</h3>
        <button type="button" className="button" onClick={onCompare}>
          Compare with current
        </button>
        <button type="button" className="button primary" disabled={restoring} onClick={onRestore}>
          {restoring ? 'Restoring…' : 'Restore this version'}
        </button>
      </header>
      <dl className="version-properties">
        <Property label="Description" value={version.description} />
        <Property label="Methodology" value={version.methodology} />
        <Property label="Field" value={version.field} />
      </dl>
      <div className="version-content">
        <DocumentPreview markdown={version.content} citations={version.citations} />
      </div>
    </section>
  );
}
