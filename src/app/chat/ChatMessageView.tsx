import { useEffect, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../shared/chat/chat';
import { DocumentPreview } from '../editor/history/DocumentPreview';
import { COPIED_MS } from './chat-texts';

interface ChatMessageViewProps {
  message: ChatMessage;
  /** Editing is offered on sent user messages while no request is pending. */
  canEdit: boolean;
  onEdit: (text: string) => void;
  onCitationClick: (refId: string) => void;
}

/**
 * One message: an answer rendered as the editor renders a paper (markdown, citations in the
 * in-text format, each label opening the work), a question as typed; a copy button on each,
 * and editing of a question (OK or Enter resends, Escape cancels; 002 §4).
 */
export function ChatMessageView({
  message,
  canEdit,
  onEdit,
  onCitationClick,
}: ChatMessageViewProps) {
  const [copied, setCopied] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard
      .writeText(message.content)
      .then(() => setCopied(true))
      .catch((error: unknown) => console.error('copy failed', error));
  };
  const confirm = () => {
    if (editing === null || !editing.trim()) return;
    onEdit(editing);
    setEditing(null);
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      // Escape ends the edit, not the chat.
      event.stopPropagation();
      setEditing(null);
    }
  };

  const who = message.role === 'user' ? 'You' : 'Research assistant';
  return (
    <article className={`chat-message ${message.role}`} aria-label={`${who} message`}>
      {editing !== null ? (
        <div className="chat-edit">
          <textarea
            aria-label="Edit message"
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={onKey}
            autoFocus
          />
          <div className="chat-message-actions">
            <button type="button" className="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="button" className="button primary" onClick={confirm}>
              OK
            </button>
          </div>
        </div>
      ) : message.role === 'user' ? (
        <p className="chat-question">{message.content}</p>
      ) : (
        <DocumentPreview
          markdown={message.content}
          citations={message.metadata?.papers ?? []}
          label="Answer"
          className="prose chat-answer"
          onCitationClick={onCitationClick}
        />
      )}
      {editing === null && (
        <div className="chat-message-actions">
          <button type="button" className="link-button" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          {message.role === 'user' && canEdit && (
            <button
              type="button"
              className="link-button"
              onClick={() => setEditing(message.content)}
            >
              Edit
            </button>
          )}
        </div>
      )}
    </article>
  );
}
