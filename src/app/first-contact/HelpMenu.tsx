import { useRef } from 'react';
import { Popup } from '../components/Popup';
import { useMenuButton } from '../components/useMenuButton';
import type { TourName } from '../../shared/tours/tours';
import { useFirstContact, type FirstContactDialog } from './FirstContactProvider';
import { runTour } from './tours/run-tour';
import { useWalkthroughSteps } from './walkthrough/useWalkthroughSteps';

/** The sidebar's help menu: replays the tours and opens the first-contact dialogs. */
export function HelpMenu({ paperOpen }: { paperOpen: boolean }) {
  const menu = useMenuButton();
  const { open, close } = menu;
  const root = useRef<HTMLDivElement>(null);
  const { show } = useFirstContact();
  const steps = useWalkthroughSteps();
  const walkthrough = steps.data?.some((step) => step.available) ?? false;

  const dialog = (kind: FirstContactDialog) => () => {
    // The dialog gives the focus back to the menu's button (focused by the choice) as it closes.
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
        {...menu.buttonProps}
        type="button"
        className="icon-button help-menu-button"
        title="Help"
        aria-label="Help"
      >
        ?
      </button>
      {open && (
        <Popup
          {...menu.popupProps}
          anchor={root}
          placement="beside"
          className="menu"
          role="menu"
          label="Help"
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
