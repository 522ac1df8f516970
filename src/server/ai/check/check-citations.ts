import type { LanguageModel } from 'ai';
import type { Work } from '../../../shared/citations/work';
import type { CitationCheck } from './citation-check';
import { lexicalCheck } from './lexical-scorer';
import { judgeCitation } from './model-judge';

export interface CheckRequest {
  claim: string;
  work: Work;
}

export type CheckLog = (message: string, detail?: Record<string, unknown>) => void;

const PARALLEL = 4;

/**
 * Checks claims against works: with a model as judge (4 at a time), falling back to the
 * lexical scorer for any check the model fails, and entirely without a model.
 */
export async function checkCitations(
  requests: readonly CheckRequest[],
  model: LanguageModel | null,
  log: CheckLog,
  signal?: AbortSignal,
): Promise<CitationCheck[]> {
  const results: CitationCheck[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const { claim, work } = requests[index] as CheckRequest;
      if (model === null || !work.abstract) {
        results[index] = lexicalCheck(claim, work);
        continue;
      }
      try {
        results[index] = await judgeCitation(model, claim, work, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        log('citation judge failed; using the lexical check', {
          refId: work.refId,
          error: (error as Error).message,
        });
        results[index] = lexicalCheck(claim, work);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, requests.length) }, worker));
  return results;
}
