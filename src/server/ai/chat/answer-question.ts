import type { LanguageModel } from 'ai';
import type { CitedWork } from '../../../shared/citations/work';
import type { ChatIntent } from '../../../shared/chat/chat';
import { noRelevantLiteratureAnswer } from '../../../shared/chat/no-literature-answer';
import { languageName, type ContentLanguage } from '../../../shared/ai/languages';
import type { AppContext } from '../../app-context';
import { answerWithModel } from './answer-with-model';
import { chatEvidence, type ChatQuestion } from './chat-evidence';
import { classifyIntent } from './classify-intent';
import { extractiveAnswer } from './extractive-answer';

export interface ChatRun extends ChatQuestion {
  language: ContentLanguage;
  history: readonly { role: 'user' | 'assistant'; content: string }[];
  model: LanguageModel | null;
}

export interface ChatAnswer {
  content: string;
  intent: ChatIntent;
  papers: CitedWork[];
  extractive: boolean;
  noRelevantLiterature: boolean;
  queries: string[];
}

export type ChatStage = 'searching' | 'writing';

export interface ChatHooks {
  onStage?: (stage: ChatStage) => Promise<void>;
  onText?: (text: string) => void;
  /**
   * Wraps the model's answer, the one priced step (the job holds the charge around it); an
   * answer that needs no model call (nothing relevant found, no model) is not priced.
   */
  priced?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The research chat's answer (docs/chat.md), composed of the engine's stages: intent, planned
 * queries, retrieval with the user's filters, the relevance floor, the evidence budget, then
 * the model's answer streamed through the citation filter and checked, or without a model the
 * extractive answer. When nothing relevant is found the answer says so and no model is asked,
 * so it cannot answer from memory.
 */
export async function answerQuestion(
  context: Pick<AppContext, 'ai' | 'literature' | 'database'>,
  run: ChatRun,
  hooks: ChatHooks = {},
): Promise<ChatAnswer> {
  const log = context.ai.log;
  const [intent, evidence] = await Promise.all([
    classifyIntent(run.question, run.model, log),
    (async () => {
      await hooks.onStage?.('searching');
      return chatEvidence(context, run, run.model);
    })(),
  ]);
  const base = { intent, queries: evidence.queries };
  if (evidence.works.length === 0) {
    const content = noRelevantLiteratureAnswer(run.language);
    hooks.onText?.(content);
    return {
      ...base,
      content,
      papers: [],
      extractive: run.model === null,
      noRelevantLiterature: true,
    };
  }
  await hooks.onStage?.('writing');
  if (run.model === null) {
    const answer = extractiveAnswer(run.question, evidence.works);
    hooks.onText?.(answer.content);
    return { ...base, ...answer, extractive: true, noRelevantLiterature: false };
  }
  const model = run.model;
  const write = () =>
    answerWithModel(
      model,
      {
        question: run.question,
        intent,
        languageName: languageName(run.language),
        history: run.history,
        works: evidence.works,
        block: evidence.block,
      },
      log,
      hooks.onText,
    );
  const answer = await (hooks.priced ? hooks.priced(write) : write());
  return {
    ...base,
    content: answer.content,
    papers: answer.papers,
    extractive: false,
    noRelevantLiterature: false,
  };
}
