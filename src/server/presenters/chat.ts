import type {
  ChatAction,
  ChatMessage,
  ChatMessageMetadata,
  ConversationSummary,
} from '../../shared/chat/chat';
import type { ChatMessageRow } from '../ai/chat/conversation-store';

export function presentConversation(row: {
  id: string;
  title: string;
  updatedAt: Date;
}): ConversationSummary {
  return { id: row.id, title: row.title, updated_at: row.updatedAt.toISOString() };
}

/** A message as 002 §7 names its fields. */
export function presentMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    html_content: row.htmlContent,
    metadata: (row.metadata as ChatMessageMetadata | null) ?? null,
    created_at: row.createdAt.toISOString(),
    actions: (row.actions as ChatAction[] | null) ?? null,
  };
}
