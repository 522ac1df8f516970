import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BalanceGuard } from '../billing/BalanceGuard';
import { CHAT_INPUT_MAX_HEIGHT, CHAT_TEXT } from './chat-texts';

interface ChatComposerProps {
  pending: boolean;
  /** False while the balance cannot pay a message (002 §5). */
  allowed: boolean;
  suggesting: boolean;
  canSuggest: boolean;
  onSend: (text: string) => void;
  onSuggest: () => void;
}

/** The input (growing to 120 px), Send and Suggest. Typing is kept while a request runs. */
export function ChatComposer(props: ChatComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const area = input.current;
    if (!area) return;
    area.style.height = 'auto';
    // The height is the border box's (box-sizing: border-box), scrollHeight leaves the borders
    // out: without them one line would already scroll.
    const borders = area.offsetHeight - area.clientHeight;
    area.style.height = `${Math.min(area.scrollHeight + borders, CHAT_INPUT_MAX_HEIGHT)}px`;
  }, [text]);

  const send = () => {
    if (!text.trim() || props.pending || !props.allowed) return;
    props.onSend(text);
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="chat-composer">
      <textarea
        ref={input}
        rows={1}
        aria-label="Your question"
        placeholder={props.allowed ? 'Ask a research question…' : CHAT_TEXT.insufficient}
        disabled={!props.allowed}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKey}
        style={{ maxHeight: CHAT_INPUT_MAX_HEIGHT }}
      />
      <button
        type="button"
        className="button primary"
        disabled={!props.allowed || props.pending || !text.trim()}
        onClick={send}
      >
        Send
      </button>
      <button
        type="button"
        className="button"
        disabled={!props.allowed || !props.canSuggest || props.suggesting || props.pending}
        onClick={props.onSuggest}
      >
        {props.suggesting ? 'Suggesting…' : 'Suggest'}
      </button>
      {/* While the balance cannot pay a message: Top Up within reach (002 §6), not behind the modal. */}
      <BalanceGuard />
    </div>
  );
}
