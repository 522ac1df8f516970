/**
 * The section menu's instructions (000 §2.3, §9). The UI shows them in the rewrite dialogs and
 * sends them in `taskExplanation`; the server reads `action` (or recognises these texts) to pick
 * what the offline engine can do.
 */
export const REWRITE_ACTIONS = ['rewrite', 'refine', 'shorter', 'longer', 'custom'] as const;
export type RewriteAction = (typeof REWRITE_ACTIONS)[number];

export const DEFAULT_REWRITE_INSTRUCTION =
  'Rewrite this section: add relevant citations in APA style from the provided literature, and improve its clarity, structure, concision and scientific accuracy.';

export const SHORTER_INSTRUCTION = 'Make the content shorter';

export const LONGER_INSTRUCTION =
  'Extend the content: keep the key points, add reasoning and extra points.';

export const REFINE_INSTRUCTION =
  'Refine the structure of this section: reorder and regroup its paragraphs so the argument flows logically, keeping its content and citations.';

/** The instruction each menu entry starts with ('custom' starts blank). */
export const ACTION_INSTRUCTIONS: Record<RewriteAction, string> = {
  rewrite: DEFAULT_REWRITE_INSTRUCTION,
  refine: REFINE_INSTRUCTION,
  shorter: SHORTER_INSTRUCTION,
  longer: LONGER_INSTRUCTION,
  custom: '',
};

/** 000 §7: taskExplanation is the system prompt, a blank line, then the instructions. */
export function taskExplanation(systemPrompt: string, instructions: string): string {
  const system = systemPrompt.trim();
  const task = instructions.trim();
  return system === '' ? task : `${system}\n\n${task}`;
}

/** The action whose preset instruction ends the task explanation, or 'custom'. */
export function actionOf(explanation: string): RewriteAction {
  const text = explanation.trim();
  const found = REWRITE_ACTIONS.find(
    (action) => action !== 'custom' && text.endsWith(ACTION_INSTRUCTIONS[action]),
  );
  return found ?? 'custom';
}
