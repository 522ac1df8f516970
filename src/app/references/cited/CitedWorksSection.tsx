import { useState } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import { useQueryClient } from '@tanstack/react-query';
import { paperKeys } from '../../api/papers';
import { exportReferencesUrl } from '../api/reference-files-api';
import { plainTitle } from '../jats-text';
import { useReferences } from '../references-context';
import { authorsAndYear } from '../work-display';
import { ImportReferencesDialog } from './ImportReferencesDialog';
import { MathText } from '../../components/MathText';

/**
 * The open paper's cited works with import and export for Zotero and Overleaf users. Exports
 * hold the paper's saved citations.
 */
export function CitedWorksSection({ paperId }: { paperId: string }) {
  const { cited, openWork } = useReferences();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);

  // The server saved the works into the paper's citations. Reloading the paper lets the
  // editor take the new version as its base (it does so while it has no unsaved changes), so
  // its next save does not collide with the import.
  const onImported = (works: CitedWork[]) => {
    cited.remember(works);
    void client.invalidateQueries({ queryKey: paperKeys.detail(paperId) });
  };

  return (
    <section className="cited-works" aria-labelledby="cited-works-title">
      <h3 id="cited-works-title" className="section-title">
        Cited in this paper
      </h3>
      <div className="cited-actions">
        <button type="button" className="button small" onClick={() => setImporting(true)}>
          Import references
        </button>
        <a className="button small" href={exportReferencesUrl(paperId, 'bibtex')} download>
          Export .bib
        </a>
        <a className="button small" href={exportReferencesUrl(paperId, 'csl-json')} download>
          Export CSL-JSON
        </a>
      </div>
      {cited.works.length === 0 ? (
        <p className="muted small-text">No cited works yet.</p>
      ) : (
        <ul className="cited-list">
          {cited.works.map((work) => (
            <li key={work.refId}>
              <button type="button" className="cited-item" onClick={() => openWork(work)}>
                <span className="cited-title">
                  <MathText text={plainTitle(work.title) || 'Untitled'} />
                </span>
                <span className="result-meta">{authorsAndYear(work)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {importing && (
        <ImportReferencesDialog
          paperId={paperId}
          onImported={onImported}
          onClose={() => setImporting(false)}
        />
      )}
    </section>
  );
}
