import { assessCertainty, LOW_CERTAINTY_WARNING } from '../../shared/citations/score';
import type { CitedWork } from '../../shared/citations/work';
import { certaintyWithMethod } from '../references/work-display';
import { parseCitations, type RewrittenSection } from './api/paper-rewrite-api';

function certaintyText(work: Pick<CitedWork, 'certainty' | 'check_method'>): string {
  return work.certainty === null ? 'not checked' : `${certaintyWithMethod(work)} certainty`;
}

/**
 * Beyond the spec (issue 21 item 6): per rewritten section, the works it cites with the
 * certainty of their check, the sentences whose citations came out weak and how many citations
 * were removed, so the user knows where to look before saving.
 */
export function RewriteCitationReport({ sections }: { sections: readonly RewrittenSection[] }) {
  const finished = sections.filter(
    (section) => section.status === 'completed' || section.status === 'failed',
  );
  if (finished.length === 0) return null;
  return (
    <section className="rewrite-report" aria-label="Citations of the rewritten sections">
      <h3>Citations of the rewritten sections</h3>
      {finished.map((section) => {
        const label = `${section.section_number} ${section.section_title}`;
        const works = parseCitations(section);
        return (
          <article key={section.section_index} aria-label={`Citations of ${label}`}>
            <h4>{label}</h4>
            {section.status === 'failed' ? (
              <p className="error-box">
                Not rewritten: {section.error ?? 'the rewrite failed'}. It was not charged.
              </p>
            ) : works.length === 0 ? (
              <p className="muted">No works cited.</p>
            ) : (
              <ul className="rewrite-works">
                {works.map((work) => {
                  const weak = assessCertainty(work.certainty).warning;
                  return (
                    <li key={work.refId} className={weak ? 'weak' : undefined}>
                      <span className="rewrite-work-title">{work.title}</span>
                      {work.published_year ? ` (${work.published_year})` : ''} —{' '}
                      {certaintyText(work)}
                      {weak && <span className="rewrite-flag"> · weak</span>}
                    </li>
                  );
                })}
              </ul>
            )}
            {section.weak_sentences.length > 0 && (
              <div className="rewrite-weak">
                <p>{LOW_CERTAINTY_WARNING}:</p>
                <ul>
                  {section.weak_sentences.map((weak) => (
                    <li key={weak.sentence}>{weak.sentence}</li>
                  ))}
                </ul>
              </div>
            )}
            {section.removed_citations > 0 && (
              <p className="rewrite-removed">
                {section.removed_citations === 1
                  ? '1 citation was removed: it named a work outside the retrieved literature.'
                  : `${section.removed_citations} citations were removed: they named works outside the retrieved literature.`}
              </p>
            )}
          </article>
        );
      })}
    </section>
  );
}
