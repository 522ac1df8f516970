import { useState } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import { useQueryClient } from '@tanstack/react-query';
import { paperKeys } from '../../api/papers';
import { exportReferencesUrl } from '../api/reference-files-api';
import { plainTitle } from '../jats-text';
import { useReferences } from '../references-context';
import { authorsAndYear } from '../work-display';
import { ImportReferencesDialog } from './ImportReferencesDialog';
import { ImportProgress } from './ImportProgress';
import { useImportJob } from './useImportJob';
import { MathText } from '../../components/MathText';
import { useCitedInText } from './useCitedInText';

function WorkList({ works, onOpen }: { works: CitedWork[]; onOpen: (work: CitedWork) => void }) {
  return (
    <ul className="cited-list">
      {works.map((work) => (
        <li key={work.refId}>
          <button type="button" className="cited-item" onClick={() => onOpen(work)}>
            <span className="cited-title">
              <MathText text={plainTitle(work.title) || 'Untitled'} />
            </span>
            <span className="result-meta">{authorsAndYear(work)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The open paper's works with import and export for Zotero and Overleaf users: those its
 * text cites now, and apart from them those it only holds (imported, or whose last citation
 * was removed), which a generated reference list leaves out. Exports hold the paper's saved
 * citations.
 */
export function CitedWorksSection({ paperId }: { paperId: string }) {
  const { cited, openWork } = useReferences();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  const citedInText = useCitedInText();
  const inText = citedInText
    ? cited.works.filter((work) => citedInText.has(work.refId))
    : cited.works;
  const notInText = citedInText ? cited.works.filter((work) => !citedInText.has(work.refId)) : [];

  // The server saved the works into the paper's citations. Reloading the paper lets the
  // editor take the new version as its base (it does so while it has no unsaved changes), so
  // its next save does not collide with the import.
  const onImported = (works: CitedWork[]) => {
    cited.remember(works);
    void client.invalidateQueries({ queryKey: paperKeys.detail(paperId) });
  };
  const importJob = useImportJob(paperId, () => onImported([]));

  return (
    <div className="cited-works">
      <section aria-labelledby="cited-works-title">
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
        {importJob.state !== null && !importing && (
          <div className="cited-import">
            <ImportProgress job={importJob} />
            {importJob.state.status !== 'pending' && importJob.state.status !== 'processing' && (
              <button type="button" className="link-button" onClick={importJob.dismiss}>
                Dismiss
              </button>
            )}
          </div>
        )}
        {inText.length === 0 ? (
          <p className="muted small-text">No cited works yet.</p>
        ) : (
          <WorkList works={inText} onOpen={openWork} />
        )}
      </section>
      {notInText.length > 0 && (
        <section aria-labelledby="uncited-works-title">
          <h3 id="uncited-works-title" className="section-title">
            Not cited in the text
          </h3>
          <p className="muted small-text">
            Imported, or no longer cited. A generated reference list leaves them out.
          </p>
          <WorkList works={notInText} onOpen={openWork} />
        </section>
      )}
      {importing && (
        <ImportReferencesDialog
          paperId={paperId}
          onImported={onImported}
          job={importJob}
          onClose={() => setImporting(false)}
        />
      )}
    </div>
  );
}
