import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { AboutDialog } from './AboutDialog';
import { DemoVideoDialog } from './DemoVideoDialog';
import { ExamplePapersDialog } from './examples/ExamplePapersDialog';
import { WalkthroughLightbox } from './walkthrough/WalkthroughLightbox';
import { useWalkthroughSteps } from './walkthrough/useWalkthroughSteps';

export type FirstContactDialog = 'about' | 'demo' | 'examples' | 'walkthrough';

interface FirstContact {
  show(dialog: FirstContactDialog): void;
}

const FirstContactContext = createContext<FirstContact>({ show: () => undefined });

/** Opens the About, demo, example papers and walkthrough dialogs from anywhere below it. */
export function useFirstContact(): FirstContact {
  return useContext(FirstContactContext);
}

/**
 * Holds the first-contact dialogs of one page (the landing page, the workspace), so the welcome
 * screen, the landing page and the help menu open the same ones.
 */
export function FirstContactProvider({
  onOpenPaper,
  children,
}: {
  /** Signed in: where a copied example opens. Visitors are sent to sign up instead. */
  onOpenPaper?: (id: string) => void;
  children: ReactNode;
}) {
  const [dialog, setDialog] = useState<FirstContactDialog | null>(null);
  const value = useMemo<FirstContact>(() => ({ show: setDialog }), []);
  const close = () => setDialog(null);
  return (
    <FirstContactContext.Provider value={value}>
      {children}
      {dialog === 'about' && <AboutDialog onClose={close} />}
      {dialog === 'demo' && <DemoVideoDialog onClose={close} />}
      {dialog === 'examples' && (
        <ExamplePapersDialog
          onClose={close}
          onOpenPaper={
            onOpenPaper &&
            ((id) => {
              close();
              onOpenPaper(id);
            })
          }
        />
      )}
      {dialog === 'walkthrough' && <Walkthrough onClose={close} />}
    </FirstContactContext.Provider>
  );
}

function Walkthrough({ onClose }: { onClose: () => void }) {
  const steps = useWalkthroughSteps();
  if (!steps.data?.some((step) => step.available)) return null;
  return <WalkthroughLightbox steps={steps.data} onClose={onClose} />;
}
