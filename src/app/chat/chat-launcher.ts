import { createContext, useContext } from 'react';

/** The properties a createPaper suggestion fills into the paper creation dialog. */
export interface NewPaperProperties {
  title: string;
  methodology: string;
  field: string;
}

export interface ChatLauncher {
  /** Opens the research chat; `refIds`: 'Ask about these papers', the answer's context. */
  openChat(options?: { refIds?: readonly string[] }): void;
}

export const ChatLauncherContext = createContext<ChatLauncher | null>(null);

export function useChatLauncher(): ChatLauncher {
  const launcher = useContext(ChatLauncherContext);
  if (!launcher) throw new Error('useChatLauncher needs a ChatLauncherProvider');
  return launcher;
}
