import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Modal } from './Modal';

type ShowAlert = (message: string) => void;

const AlertContext = createContext<ShowAlert>(() => undefined);

/**
 * The spec's alerts ('Failed to load paper details', ...) shown as an in-page dialog rather
 * than window.alert, so they match the app and never block the tab.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<string[]>([]);
  const show = useCallback<ShowAlert>((message) => setMessages((all) => [...all, message]), []);
  const dismiss = useCallback(() => setMessages((all) => all.slice(1)), []);
  const current = messages[0];
  return (
    <AlertContext.Provider value={show}>
      {children}
      {current !== undefined && (
        <Modal
          title="Scriptor"
          role="alertdialog"
          onClose={dismiss}
          footer={
            <button type="button" className="button primary" onClick={dismiss}>
              OK
            </button>
          }
        >
          <p className="alert-message">{current}</p>
        </Modal>
      )}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  return useContext(AlertContext);
}
