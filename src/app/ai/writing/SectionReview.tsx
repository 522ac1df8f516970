import { assessCertainty } from '../../../shared/citations/score';
import { certaintyWithMethod } from '../../references/work-display';
import type { WritingJobSection } from './api/writing-api';

/**
 * Beyond the spec (issue 21 item 6): the works a written section cites with their certainty,
 * and the sentences to check before saving, those whose support is weak or that lost a
 * citation the AI made up.
 */
export function SectionReview({ section }: { section: WritingJobSection }) {
  const title = (refId: string) =>
    section.citations.find((work) => work.refId === refId)?.title ?? refId;
  return (
    <div className="writing-review">
      {section.citations.length === 0 ? (
        <p className="muted">Cites no works.</p>
      ) : (
        <ul className="writing-cited" aria-label="Cited works">
          {section.citations.map((work) => (
            <li key={work.refId}>
              <span className="writing-cited-title">{work.title}</span>
              {work.published_year !== null && ` (${work.published_year})`}
              <span
                className={
                  assessCertainty(work.certainty).warning
                    ? 'writing-certainty uncertain'
                    : 'writing-certainty'
                }
              >
                {' '}
                certainty {certaintyWithMethod(work)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {section.flags.length > 0 && (
        <ul className="writing-flags" aria-label="Sentences to check">
          {section.flags.map((flag, index) => (
            <li key={index} className={`writing-flag ${flag.kind}`}>
              <q>{flag.sentence}</q>{' '}
              <span className="writing-flag-why">
                {flag.kind === 'weak'
                  ? `Weak support from ${flag.refIds.map(title).join('; ')}`
                  : 'A citation the AI made up was removed'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
