import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { Work } from '../../../shared/citations/work';
import { plainAbstract } from '../text/plain-abstract';
import { splitSentences } from '../text/sentences';
import { lexicalScore } from './lexical-scorer';
import type { CitationCheck } from './citation-check';

const verdict = z.object({
  certainty: z
    .number()
    .min(0)
    .max(1)
    .describe('0 = the abstract does not support the claim, 1 = it clearly states it'),
  reasoning: z.string().describe('One sentence explaining the certainty'),
  evidence: z.string().describe('The one sentence of the abstract that best supports the claim'),
});

const SYSTEM = `You check citations in scientific writing. Given a claim and the abstract of the work cited for it, judge how well the abstract alone supports the claim.
- certainty near 1: the abstract states the claim or a finding that directly implies it.
- certainty about 0.5: related topic, partial or indirect support.
- certainty near 0: unrelated, or the abstract contradicts the claim.
Quote the evidence sentence verbatim from the abstract. Reasoning is one sentence.`;

/** The abstract's real sentence closest to what the model quoted, so evidence is never invented. */
function snapToAbstract(quoted: string, abstract: string): string | null {
  const sentences = splitSentences(abstract);
  const exact = sentences.find((sentence) => sentence.includes(quoted.trim()) && quoted.trim());
  if (exact) return exact;
  let best: { score: number; sentence: string | null } = { score: -1, sentence: null };
  for (const sentence of sentences) {
    const score = lexicalScore(quoted, '', sentence).overlap;
    if (score > best.score) best = { score, sentence };
  }
  return best.sentence;
}

/** The citation check with a model as judge: structured output, evidence snapped to the abstract. */
export async function judgeCitation(
  model: LanguageModel,
  claim: string,
  work: Work,
  signal?: AbortSignal,
): Promise<CitationCheck> {
  const abstract = plainAbstract(work.abstract);
  const { output } = await generateText({
    model,
    system: SYSTEM,
    prompt: `Claim: ${claim}\n\nCited work: ${work.title}\n\nAbstract: ${abstract}`,
    output: Output.object({ schema: verdict }),
    maxRetries: 1,
    ...(signal ? { abortSignal: signal } : {}),
  });
  const reasoning = output.reasoning.replace(/\s+/g, ' ').trim();
  return {
    refId: work.refId,
    claim,
    certainty: Math.round(output.certainty * 1000) / 1000,
    reasoning: splitSentences(reasoning)[0] ?? reasoning,
    evidence: snapToAbstract(output.evidence, abstract),
    method: 'model',
  };
}
