import { useCallback, useRef, useState } from 'react';
import { Popup } from '../components/Popup';
import type { TourName } from '../../shared/tours/tours';
import { useFirstContact, type FirstContactDialog } from './FirstContactProvider';
import { runTour } from './tours/run-tour';
import { useWalkthroughSteps } from './walkthrough/useWalkthroughSteps';

/** The sidebar's help menu: replays the tours and opens the first-contact dialogs. */
export function HelpMenu({ paperOpen }: { paperOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { show } = useFirstContact();
  const steps = useWalkthroughSteps();
  const walkthrough = steps.data?.some((step) => step.available) ?? false;

  const dialog = (kind: FirstContactDialog) => () => {
    // The dialog gives the focus back to the menu's button when it closes.
    button.current?.focus();
    close();
    show(kind);
  };
  const tour = (name: TourName) => () => {
    close();
    runTour(name);
  };

  return (
    <div className="help-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button help-menu-button"
        title="Help"
        aria-label="Help"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        ?
      </button>
      {open && (
        <Popup
          anchor={root}
          placement="beside"
          onClose={close}
          className="menu"
          role="menu"
          label="Help"
          keyboardMenu
        >
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            disabled={!walkthrough}
            onClick={dialog('walkthrough')}
          >
            Walkthrough
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={tour('landing')}>
            Workspace tour
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            disabled={!paperOpen}
            onClick={tour('editor')}
          >
            Editor tour
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={dialog('demo')}>
            Watch Demo
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={dialog('examples')}>
            Example papers
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={dialog('about')}>
            About Scriptor
          </button>
        </Popup>
      )}
    </div>
  );
}
