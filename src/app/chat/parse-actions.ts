import type { ChatAction } from '../../shared/chat/chat';

function isAction(value: unknown): value is ChatAction {
  if (!value || typeof value !== 'object') return false;
  const action = value as Partial<ChatAction>;
  const metadata = action.metadata as Record<string, unknown> | undefined;
  if (typeof action.buttonLabel !== 'string' || !metadata) return false;
  if (typeof metadata.userMessage === 'string') return true;
  const paper = metadata.createPaper as Record<string, unknown> | undefined;
  return typeof paper?.title === 'string';
}

/**
 * The actions in /api/chatTopics' answer (002 §7): text holding JSON, possibly in a code fence
 * or with words around it. Entries that are not actions are left out.
 */
export function parseActions(text: string): ChatAction[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidate = fenced ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  try {
    const parsed = JSON.parse(candidate) as { actions?: unknown };
    return Array.isArray(parsed.actions) ? parsed.actions.filter(isAction) : [];
  } catch {
    return [];
  }
}
