import type { CitedWork, Work } from '../../../shared/citations/work';
import type { CitationCheck } from '../check/citation-check';

type Scored = Work & { similarity_score?: number | null };

/** Each checked work with its annotation, the first check of a work winning. */
export function citedWorks(checks: readonly CitationCheck[], works: ReadonlyMap<string, Scored>) {
  const result = new Map<string, CitedWork>();
  for (const check of checks) {
    const work = works.get(check.refId);
    if (!work || result.has(check.refId)) continue;
    result.set(check.refId, {
      ...work,
      similarity_score: work.similarity_score ?? null,
      certainty: check.certainty,
      reasoning: check.reasoning,
      evidence: check.evidence,
      check_method: check.method,
      checked_claim: check.claim,
    });
  }
  return [...result.values()];
}
