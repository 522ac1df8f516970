import { assessCertainty } from '../../../shared/citations/score';
import type { CitedWork } from '../../../shared/citations/work';
import type { SentenceFlag } from '../../../shared/ai/writing-review';
import { citingSentences, withoutCitations } from '../check/claims';
import { proseBlocks } from '../text/prose-blocks';
import { splitSentences } from '../text/sentences';

/** The sentence of `content` that says `claim` once its citations are left out. */
function sentenceSaying(content: string, claim: string): string {
  for (const block of proseBlocks(content)) {
    for (const sentence of splitSentences(block.text.replace(/\s*\n\s*/g, ' '))) {
      if (withoutCitations(sentence) === claim) return sentence;
    }
  }
  return claim;
}

/**
 * The sentences of a written section the user should check: those citing a work whose
 * certainty is low, and those that lost a citation the model made up (`removedClaims`, the
 * claims as the model wrote them, reported by the engine).
 */
export function reviewCitations(
  content: string,
  citations: readonly CitedWork[],
  removedClaims: readonly string[],
): SentenceFlag[] {
  const certainty = new Map(citations.map((work) => [work.refId, work.certainty]));
  const weak = citingSentences(content).flatMap((sentence): SentenceFlag[] => {
    const refIds = sentence.refIds.filter((id) => assessCertainty(certainty.get(id)).warning);
    return refIds.length > 0 ? [{ sentence: sentence.sentence, kind: 'weak', refIds }] : [];
  });
  const removed = [...new Set(removedClaims)].map((claim): SentenceFlag => ({
    sentence: sentenceSaying(content, claim),
    kind: 'removed',
    refIds: [],
  }));
  return [...weak, ...removed];
}
