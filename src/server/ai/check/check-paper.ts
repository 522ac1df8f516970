import type { CurrentUser } from '../../auth/current-user';
import type { AppContext } from '../../app-context';
import { findVisibleWorks } from '../../literature/store/work-store';
import { annotatePaperCitations } from '../../papers/citation-annotations';
import { authorizedPaper } from '../../policies/paper-policy';
import { citedWorks } from '../writer/cited-works';
import type { CitationCheck } from './citation-check';
import { checkCitations, type CheckRequest } from './check-citations';
import { citingSentences, sameClaim } from './claims';

/** The claim each stored citation's verdict was given for, by refId. */
function storedClaims(citations: unknown): Map<string, string> {
  const claims = new Map<string, string>();
  for (const entry of Array.isArray(citations) ? citations : []) {
    const { refId, checked_claim: claim } = (entry ?? {}) as {
      refId?: unknown;
      checked_claim?: unknown;
    };
    if (typeof refId === 'string' && typeof claim === 'string') claims.set(refId, claim);
  }
  return claims;
}

/** At most this many citations are checked per call; the rest keep their stored verdicts. */
export const MAX_CHECKS = 60;

export interface CheckResult {
  checks: CitationCheck[];
  /** The paper's stored citations after the update. */
  citations: unknown[];
}

export interface CheckTextRequest {
  user: CurrentUser;
  paperId: string;
  /** Markdown holding the citing sentences; the paper's saved content when absent. */
  text?: string | undefined;
  /** Only these works, when given. */
  refIds?: readonly string[] | undefined;
}

/**
 * POST /api/chunk-analysis and /api/papers/:id/citations/check: every citing sentence of the
 * text checked with the lexical scorer against each cited stored work (the first sentence citing
 * a work decides), and the verdicts stored on the paper's citations. A citation whose stored
 * verdict was given for the same claim keeps it: the check that made it (often the model
 * judge) is the one certainty every screen shows.
 */
export async function checkPaperCitations(
  context: AppContext,
  request: CheckTextRequest,
): Promise<CheckResult> {
  const { db } = context.database;
  const paper = await authorizedPaper(db, request.user, 'edit', request.paperId);
  const only = request.refIds ? new Set(request.refIds) : null;
  const stored = storedClaims(paper.citations);
  const pairs: { claim: string; refId: string }[] = [];
  const seen = new Set<string>();
  for (const sentence of citingSentences(request.text ?? paper.content)) {
    for (const refId of sentence.refIds) {
      if (seen.has(refId) || (only && !only.has(refId))) continue;
      seen.add(refId);
      // One check decides a citation's certainty: the verdict stored for this very claim (the
      // model judge's, from the write that made it) stands; only a changed sentence is checked.
      const judged = stored.get(refId);
      if (judged !== undefined && sameClaim(judged, sentence.claim)) continue;
      pairs.push({ claim: sentence.claim, refId });
    }
  }
  const works = new Map(
    (
      await findVisibleWorks(
        db,
        request.user.id,
        pairs.slice(0, MAX_CHECKS).map((pair) => pair.refId),
      )
    ).map((work) => [work.refId, work]),
  );
  const requests: CheckRequest[] = pairs.flatMap((pair) => {
    const work = works.get(pair.refId);
    return work ? [{ claim: pair.claim, work }] : [];
  });
  if (requests.length === 0) {
    return { checks: [], citations: Array.isArray(paper.citations) ? paper.citations : [] };
  }
  // Offline, at $0: these checks run on their own (after every edit of a citing paragraph) and
  // are not priced, so they never call a model. The model judges citations inside a priced
  // section write (writer/write-with-model.ts).
  const checks = await checkCitations(requests, null, context.ai.log);
  const citations = await annotatePaperCitations(
    db,
    request.user.id,
    paper.id,
    citedWorks(checks, works),
  );
  return { checks, citations };
}
