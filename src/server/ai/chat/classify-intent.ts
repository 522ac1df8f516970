import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { CHAT_INTENTS, DEFAULT_CHAT_INTENT, type ChatIntent } from '../../../shared/chat/chat';

const CREATE_PAPER =
  /\b(create|start|set up|make)\b.{0,40}\b(paper|essay|review|thesis|article)\b/i;
const DRAFT = /\b(draft|write|compose|rewrite|paraphrase)\b/i;
const LITERATURE =
  /\b(papers?|studies|literature|articles?|sources?|references?|publications?|works)\b.{0,30}\b(on|about|for|regarding|that)\b|\b(find|list|recommend|search)\b/i;

/** The intent read from the words alone: what runs without a model and when the model fails. */
export function ruleIntent(question: string): ChatIntent {
  if (CREATE_PAPER.test(question)) return 'createPaper';
  if (DRAFT.test(question)) return 'draft';
  if (LITERATURE.test(question)) return 'literature';
  return DEFAULT_CHAT_INTENT;
}

const verdict = z.object({
  intent: z
    .enum(CHAT_INTENTS)
    .describe(
      'information: a question to answer; literature: asks for papers or sources; draft: asks to write text; createPaper: asks to start a new paper',
    ),
});

export type IntentLog = (message: string, detail?: Record<string, unknown>) => void;

/**
 * What the user asks for (002 §4): the model's reading through structured output, else the
 * word rules; never fails a chat.
 */
export async function classifyIntent(
  question: string,
  model: LanguageModel | null,
  log: IntentLog,
): Promise<ChatIntent> {
  if (model === null) return ruleIntent(question);
  try {
    const { output } = await generateText({
      model,
      system:
        'Classify the research assistant user message into one intent: information, literature, draft or createPaper.',
      prompt: question.slice(0, 2000),
      output: Output.object({ schema: verdict }),
      maxRetries: 1,
    });
    return output.intent;
  } catch (error) {
    log('intent classification failed; using word rules', { error: (error as Error).message });
    return ruleIntent(question);
  }
}
