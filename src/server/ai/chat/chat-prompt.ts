import type { ChatIntent } from '../../../shared/chat/chat';
import { truncateToTokens } from '../prompt/token-count';

/** The earlier turns the model sees, newest last, each cut to this many tokens. */
const TURN_TOKENS = 250;
const HISTORY_TURNS = 6;

const TASK: Record<ChatIntent, string> = {
  information: 'Answer the question.',
  literature:
    'Present the works that answer the request: what each found, grouped by theme, each cited.',
  draft:
    'Draft the requested text as academic prose, every claim cited. Only the text, no preamble.',
  createPaper:
    'Outline what a paper on this topic could cover (research question, methodology, main sections), grounded in the works.',
};

export interface ChatPromptInput {
  question: string;
  intent: ChatIntent;
  languageName: string;
  history: readonly { role: 'user' | 'assistant'; content: string }[];
  evidenceBlock: string;
}

export function chatSystemPrompt(input: ChatPromptInput): string {
  return [
    `You are a research assistant for students and researchers. Write in ${input.languageName}.`,
    'You know the works below only by their abstracts. Base every statement about research on them and cite the work right after the sentence it supports as [ref_xxxxxxxx] (several: [ref_a; ref_b]).',
    'Cite only ids listed under Evidence; never invent an id, a reference, an author or a figure.',
    'If the works do not answer the question, say so plainly and say what they do cover; do not answer from memory.',
    'Use markdown: short paragraphs, lists where they help, no top-level headings.',
  ].join('\n');
}

export function chatUserPrompt(input: ChatPromptInput): string {
  const earlier = input.history
    .slice(-HISTORY_TURNS)
    .map(
      (turn) =>
        `${turn.role === 'user' ? 'User' : 'Assistant'}: ${truncateToTokens(turn.content, TURN_TOKENS)}`,
    )
    .join('\n\n');
  return [
    earlier ? `Conversation so far:\n${earlier}` : '',
    `Evidence:\n${input.evidenceBlock}`,
    `Question:\n${input.question}`,
    `Task: ${TASK[input.intent]}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}
