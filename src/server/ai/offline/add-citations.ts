import {
  findCitationMarkers,
  formatCitationMarker,
} from '../../../shared/citations/citation-marker';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import type { CitationCheck } from '../check/citation-check';
import { withoutCitations } from '../check/claims';
import { lexicalCheck } from '../check/lexical-scorer';
import { CITING_FLOOR, preparedWork, relevance } from '../retrieval/relevance';
import { splitSentences } from '../text/sentences';
import { mapProseLines, splitLinePrefix } from './prose-lines';

/** A shorter sentence is not searched for a work to cite. */
export const MIN_CLAIM_WORDS = 6;
const MAX_SENTENCES = 40;
const CANDIDATES = 10;

export interface AddedCitations {
  text: string;
  checks: CitationCheck[];
  works: Map<string, ScoredWork>;
  /** How many sentences were searched for a work to cite. */
  searched: number;
}

export type SentenceSearch = (claim: string, limit: number) => Promise<ScoredWork[]>;

/**
 * The retrieved works relevant to the claim (above the citing floor, fitted on SciFact training
 * claims), in search order: the search ranking, which weighs rare words, picks the work the
 * authors cited more often than any re-ranking measured (docs/ai-engine.md), and the floor drops
 * the off-topic ones. Each comes with its citation check, stored with the citation.
 */
export function citableCandidates(claim: string, candidates: readonly ScoredWork[]) {
  return candidates
    .filter((work) => relevance(claim, preparedWork(work)) >= CITING_FLOOR)
    .map((work) => ({ work, check: lexicalCheck(claim, work) }));
}

function citeSentence(sentence: string, refId: string): string {
  const match = /([.!?]["')\]]*)$/.exec(sentence);
  const end = match?.[1] ?? '';
  return `${sentence.slice(0, sentence.length - end.length)} ${formatCitationMarker([refId])}${end}`;
}

/**
 * The offline "rewrite": the section's own sentences, each uncited sentence of some length
 * searched in the literature and given the best-ranked retrieved work relevant to it. Nothing is
 * reworded.
 */
export async function addCitations(
  markdown: string,
  search: SentenceSearch,
): Promise<AddedCitations> {
  const checks: CitationCheck[] = [];
  const works = new Map<string, ScoredWork>();
  let searched = 0;
  const text = await mapProseLines(markdown, async (line) => {
    const { prefix, text: body } = splitLinePrefix(line);
    const sentences = splitSentences(body);
    const out: string[] = [];
    for (const sentence of sentences) {
      const claim = withoutCitations(sentence);
      if (
        findCitationMarkers(sentence).length > 0 ||
        claim.split(/\s+/).length < MIN_CLAIM_WORDS ||
        searched >= MAX_SENTENCES
      ) {
        out.push(sentence);
        continue;
      }
      searched += 1;
      const candidates = await search(claim, CANDIDATES);
      const best = citableCandidates(claim, candidates)[0];
      if (best) {
        out.push(citeSentence(sentence, best.work.refId));
        checks.push(best.check);
        works.set(best.work.refId, best.work);
      } else {
        out.push(sentence);
      }
    }
    return prefix + out.join(' ');
  });
  return { text, checks, works, searched };
}
