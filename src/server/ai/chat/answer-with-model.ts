import { streamText, type LanguageModel } from 'ai';
import type { CitedWork } from '../../../shared/citations/work';
import type { ChatIntent } from '../../../shared/chat/chat';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import type { EngineLog } from '../ai-engine';
import { checkCitations } from '../check/check-citations';
import { citingSentences } from '../check/claims';
import { CitationFilter } from '../stream/citation-filter';
import { citedWorks } from '../writer/cited-works';
import { chatSystemPrompt, chatUserPrompt, type ChatPromptInput } from './chat-prompt';

export interface ModelAnswer {
  content: string;
  papers: CitedWork[];
  /** Citations of ids outside the evidence that the filter removed. */
  removed: number;
}

/**
 * The answer's stages after retrieval, as the section writer runs them: prompt, stream through
 * the citation filter (only evidence ids survive), then each cited work checked against its
 * abstract on the first sentence citing it.
 */
export async function answerWithModel(
  model: LanguageModel,
  input: Omit<ChatPromptInput, 'evidenceBlock'> & { works: readonly ScoredWork[]; block: string },
  log: EngineLog,
  onText: (text: string) => void = () => undefined,
): Promise<ModelAnswer> {
  const prompt = { ...input, evidenceBlock: input.block, intent: input.intent as ChatIntent };
  const result = streamText({
    model,
    system: chatSystemPrompt(prompt),
    prompt: chatUserPrompt(prompt),
    maxRetries: 1,
    onError: () => undefined,
  });
  const filter = new CitationFilter(new Set(input.works.map((work) => work.refId)));
  let content = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      const out = filter.push(part.text);
      content += out;
      if (out) onText(out);
    } else if (part.type === 'error') {
      throw part.error;
    }
  }
  content += filter.flush();
  if (filter.removed > 0)
    log('chat: removed citations outside the evidence', { removed: filter.removed });
  const byRefId = new Map(input.works.map((work) => [work.refId, work]));
  const requests = citingSentences(content).flatMap((sentence) =>
    sentence.refIds.flatMap((refId) => {
      const work = byRefId.get(refId);
      return work ? [{ claim: sentence.claim, work }] : [];
    }),
  );
  const firstPerWork = requests.filter(
    (request, index) => requests.findIndex((r) => r.work.refId === request.work.refId) === index,
  );
  const checks = await checkCitations(firstPerWork, model, log);
  return { content: content.trim(), papers: citedWorks(checks, byRefId), removed: filter.removed };
}
