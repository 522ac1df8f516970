import { ACTION_INSTRUCTIONS, type RewriteAction } from '../../../shared/ai/rewrite-presets';

/** The section menu of 000 §2.3, in its order. */
export const SECTION_MENU: readonly { action: RewriteAction; label: string }[] = [
  { action: 'rewrite', label: 'Rewrite' },
  { action: 'refine', label: 'Refine structure' },
  { action: 'shorter', label: 'Make shorter' },
  { action: 'longer', label: 'Make longer' },
  { action: 'custom', label: 'Give custom instructions' },
];

export function actionLabel(action: RewriteAction): string {
  return SECTION_MENU.find((entry) => entry.action === action)?.label ?? action;
}

/** What one rewrite asks for: shown in the preview dialog and sent as taskExplanation. */
export interface RewriteTask {
  action: RewriteAction;
  systemPrompt: string;
  instructions: string;
  /** 'Enable literature search' of the Custom Rewrite Instructions dialog (default on). */
  enableLiteratureSearch: boolean;
}

/** The task a menu entry starts with; 'custom' gets its text from the Custom Instructions dialog. */
export function presetTask(action: RewriteAction): RewriteTask {
  return {
    action,
    systemPrompt: '',
    instructions: ACTION_INSTRUCTIONS[action],
    enableLiteratureSearch: true,
  };
}

/** 000 §5: custom instructions need a non-blank instruction or a non-blank system prompt. */
export function canSubmitCustomInstructions(instructions: string, systemPrompt: string): boolean {
  return instructions.trim() !== '' || systemPrompt.trim() !== '';
}
