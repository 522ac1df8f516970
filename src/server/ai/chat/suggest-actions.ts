import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { ChatAction } from '../../../shared/chat/chat';
import { languageName, type ContentLanguage } from '../../../shared/ai/languages';
import type { EngineLog } from '../ai-engine';
import { truncateToTokens } from '../prompt/token-count';
import { keyTerms } from '../text/key-terms';
import { conversationTitle } from './conversation-title';

export interface Turn {
  role: string;
  content: string;
}

const MAX_ACTIONS = 4;

const suggestion = z.object({
  kind: z.enum(['createPaper', 'userMessage']),
  buttonLabel: z.string().min(1).max(60),
  description: z.string().max(300),
  title: z.string().max(200).describe('createPaper: the new paper title'),
  methodology: z.string().max(200).describe('createPaper: e.g. systematic review, experiment'),
  field: z.string().max(100).describe('createPaper: the research field'),
  message: z.string().max(500).describe('userMessage: the follow-up question to send'),
});

const plan = z.object({ actions: z.array(suggestion).min(1).max(MAX_ACTIONS) });

function toAction(item: z.infer<typeof suggestion>): ChatAction | null {
  if (item.kind === 'createPaper') {
    if (!item.title.trim()) return null;
    return {
      buttonLabel: item.buttonLabel,
      description: item.description,
      metadata: {
        createPaper: { title: item.title, methodology: item.methodology, field: item.field },
      },
    };
  }
  if (!item.message.trim()) return null;
  return {
    buttonLabel: item.buttonLabel,
    description: item.description,
    metadata: { userMessage: item.message },
  };
}

/** The suggestions without a model: a paper on the conversation's topic and follow-up questions. */
export function ruleActions(conversation: readonly Turn[]): ChatAction[] {
  const first = conversation.find((turn) => turn.role === 'user')?.content.trim() ?? '';
  if (!first) return [];
  const topic = conversationTitle(first.replace(/\?+$/, '')).replace(/…$/, '');
  const terms = keyTerms(first).slice(0, 3).join(', ');
  return [
    {
      buttonLabel: 'Write a literature review',
      description: `Start a literature review on ${topic}.`,
      metadata: {
        createPaper: {
          title: `A literature review: ${topic}`,
          methodology: 'Literature review',
          field: '',
        },
      },
    },
    {
      buttonLabel: 'Ask about methods',
      description: 'Which methods did the cited studies use?',
      metadata: {
        userMessage: `Which study designs and methods were used in research on ${topic}?`,
      },
    },
    {
      buttonLabel: 'Ask about limitations',
      description: 'Where is the evidence weak or disputed?',
      metadata: {
        userMessage: `What are the limitations and open questions of the research on ${topic}${terms ? ` (${terms})` : ''}?`,
      },
    },
  ];
}

/**
 * POST /api/chatTopics' suggestions (002 §3 'Action'): with a model, through structured output
 * in the chosen language; without one, or when the model's answer is unusable, the rules.
 */
export async function suggestActions(
  conversation: readonly Turn[],
  intent: string,
  model: LanguageModel | null,
  language: ContentLanguage,
  log: EngineLog,
): Promise<ChatAction[]> {
  if (model === null || conversation.length === 0) return ruleActions(conversation);
  const transcript = conversation
    .slice(-6)
    .map(
      (turn) =>
        `${turn.role === 'user' ? 'User' : 'Assistant'}: ${truncateToTokens(turn.content, 400)}`,
    )
    .join('\n\n');
  try {
    const { output } = await generateText({
      model,
      system: `You suggest next steps to a researcher after a research-chat conversation, in ${languageName(language)}. Offer ${MAX_ACTIONS} at most: one 'createPaper' (a new paper with title, methodology and field that the conversation supports) and follow-up questions as 'userMessage'. Labels are 2 to 5 words.`,
      prompt: `Intent of the last question: ${intent}\n\n${transcript}`,
      output: Output.object({ schema: plan }),
      maxRetries: 1,
    });
    const actions = output.actions.flatMap((item) => toAction(item) ?? []);
    return actions.length > 0 ? actions : ruleActions(conversation);
  } catch (error) {
    log('chat suggestions failed; using rules', { error: (error as Error).message });
    return ruleActions(conversation);
  }
}
