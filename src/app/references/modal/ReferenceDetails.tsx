import type { ReactNode } from 'react';
import { doiUrl } from '../../../shared/citations/doi';
import { formatSimilarityScore } from '../../../shared/citations/score';
import type { CitedWork } from '../../../shared/citations/work';
import { publishedDate, safeHttpUrl, volumeIssuePages, workTypeLabel } from '../work-display';
import { AbstractText } from './AbstractText';
import { CertaintyNote } from './CertaintyNote';

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Spec 000 §2.2's article details; fields the work does not have are left out. */
export function ReferenceDetails({ work }: { work: CitedWork }) {
  const link = safeHttpUrl(work.hyperlink) ?? safeHttpUrl(work.url);
  const subjects = work.subjects.length > 0 ? work.subjects.join('; ') : work.subjects_str;
  const rows: [string, ReactNode][] = [
    ['Source', work.source],
    ['Journal / conference / book', work.container_title],
    ['Published', publishedDate(work)],
    ['Volume / issue / pages', volumeIssuePages(work)],
    ['Publisher', work.publisher],
    ['ID', link ? <ExternalLink href={link}>{work.id}</ExternalLink> : work.id],
    ['DOI', work.doi && <ExternalLink href={doiUrl(work.doi)}>{doiUrl(work.doi)}</ExternalLink>],
    ['Authors', work.authors.length > 0 ? work.authors.join('; ') : null],
    ['Subjects', subjects],
    ['Citations', work.is_referenced_by_count],
    [
      'Similarity score',
      work.similarity_score === null ? null : formatSimilarityScore(work.similarity_score),
    ],
  ];

  return (
    <div className="reference-details">
      <span className="type-pill">{workTypeLabel(work.type)}</span>
      <h3 className="reference-section-title">Abstract</h3>
      <AbstractText markup={work.abstract} evidence={work.evidence} />
      <dl className="reference-fields">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} className="reference-field">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <CertaintyNote work={work} />
    </div>
  );
}
