import { useState } from 'react';
import { relativeTime } from '../../shared/time/relative-time';
import { Spinner } from '../components/Spinner';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useConversations } from './api/chat-api';
import { CHAT_SEARCH_DEBOUNCE_MS, CHAT_TEXT } from './chat-texts';

interface ConversationListProps {
  activeId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
  onDelete: (id: string) => void;
}

/** The chat modal's left column (002 §2): search (300 ms debounce), new chat, the list. */
export function ConversationList(props: ConversationListProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const conversations = useConversations(debounced);
  const list = conversations.data ?? [];
  return (
    <nav className="chat-conversations" aria-label="Conversations">
      <button type="button" className="button primary block" onClick={props.onNew}>
        + New chat
      </button>
      <input
        className="search-input"
        type="search"
        placeholder="Search chats…"
        aria-label="Search chats"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {conversations.isPending ? (
        <div className="center-muted">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <p className="empty-state">
          {debounced ? CHAT_TEXT.noConversationsFound : CHAT_TEXT.noConversations}
        </p>
      ) : (
        <ul className="chat-conversation-list">
          {list.map((conversation) => (
            <li
              key={conversation.id}
              className={conversation.id === props.activeId ? 'selected' : undefined}
            >
              <button
                type="button"
                className="chat-conversation-open"
                title={conversation.title}
                aria-current={conversation.id === props.activeId}
                onClick={() => props.onOpen(conversation.id)}
              >
                <span className="paper-title">{conversation.title || 'New conversation'}</span>
                <span className="paper-meta">{relativeTime(conversation.updated_at)}</span>
              </button>
              <button
                type="button"
                className="icon-button"
                title="Delete conversation"
                aria-label={`Delete conversation ${conversation.title}`}
                onClick={() => props.onDelete(conversation.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
