import { formatSimilarityScore } from '../../../shared/citations/score';
import type { CitedWork } from '../../../shared/citations/work';
import { plainTitle } from '../jats-text';
import { authorsAndYear } from '../work-display';
import { MathText } from '../../components/MathText';

/** One result: title, who and when, venue, citation count and similarity score. */
export function SearchResultItem({ work, onOpen }: { work: CitedWork; onOpen: () => void }) {
  const venue = work.container_title ?? work.source;
  const citations = work.is_referenced_by_count;
  return (
    <li>
      <button type="button" className="search-result" onClick={onOpen}>
        <span className="result-title">
          <MathText text={plainTitle(work.title) || 'Untitled'} />
        </span>
        <span className="result-meta">
          {authorsAndYear(work)}
          {venue && <span className="result-venue"> · {venue}</span>}
        </span>
        <span className="result-stats">
          {citations !== null && (
            <span>
              {citations} {citations === 1 ? 'citation' : 'citations'}
            </span>
          )}
          {work.similarity_score !== null && (
            <span className="result-score" title="Similarity score">
              {formatSimilarityScore(work.similarity_score)}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
