import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ChatLauncherContext, type NewPaperProperties } from './chat-launcher';
import { ChatModal } from './ChatModal';

/**
 * Holds whether the research chat is open, for the buttons that open it (left sidebar, welcome
 * screen, References pane) and renders it. `onCreatePaper` is where a createPaper suggestion
 * goes: the workspace points it at its paper creation dialog.
 */
export function ChatLauncherProvider({
  onCreatePaper,
  children,
}: {
  onCreatePaper: (properties: NewPaperProperties) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<{ refIds: readonly string[] } | null>(null);
  const openChat = useCallback(
    (options?: { refIds?: readonly string[] }) => setOpen({ refIds: options?.refIds ?? [] }),
    [],
  );
  const launcher = useMemo(() => ({ openChat }), [openChat]);
  return (
    <ChatLauncherContext.Provider value={launcher}>
      {children}
      {open && (
        <ChatModal
          contextRefIds={open.refIds}
          onClose={() => setOpen(null)}
          onCreatePaper={(properties) => {
            setOpen(null);
            onCreatePaper(properties);
          }}
        />
      )}
    </ChatLauncherContext.Provider>
  );
}
