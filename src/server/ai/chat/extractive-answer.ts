import type { CitedWork } from '../../../shared/citations/work';
import { EXTRACTIVE_ANSWER_LABEL } from '../../../shared/chat/chat';
import { formatCitationMarker } from '../../../shared/citations/citation-marker';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import { lexicalCheck } from '../check/lexical-scorer';
import { plainAbstract } from '../text/plain-abstract';

/** Plain text in markdown: markup characters of a title are escaped. */
function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>#]/g, (c) => `\\${c}`);
}

/** How many works an extractive answer lists. */
const MAX_WORKS = 5;

/**
 * The answer without a model (issue 22.8): the most relevant works, each with the sentence of
 * its abstract that best matches the question (the offline check's evidence) and the check's
 * verdict, under a label that says what it is. Nothing is generated, so nothing is invented.
 */
export function extractiveAnswer(
  question: string,
  works: readonly ScoredWork[],
): { content: string; papers: CitedWork[] } {
  const listed = works.slice(0, MAX_WORKS);
  const papers: CitedWork[] = [];
  const lines = listed.map((work, index) => {
    const check = lexicalCheck(question, work);
    papers.push({
      ...work,
      certainty: check.certainty,
      reasoning: check.reasoning,
      evidence: check.evidence,
      check_method: check.method,
      checked_claim: check.claim,
    });
    const sentence = check.evidence
      ? `: “${markdownText(check.evidence.trim())}”`
      : ' (no abstract)';
    return `${index + 1}. **${markdownText(plainAbstract(work.title))}**${sentence} ${formatCitationMarker([work.refId])}`;
  });
  return { content: `*${EXTRACTIVE_ANSWER_LABEL}*\n\n${lines.join('\n')}`, papers };
}
