import { useChatLauncher } from './chat-launcher';

/** The left sidebar's 'Open Chat' (002 §2). */
export function OpenChatButton() {
  const { openChat } = useChatLauncher();
  return (
    <button type="button" className="button block" onClick={() => openChat()}>
      Open Chat
    </button>
  );
}
