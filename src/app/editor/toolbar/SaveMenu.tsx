import { useRef } from 'react';
import { Popup } from '../../components/Popup';
import { useMenuButton } from '../../components/useMenuButton';
import { ChevronDownIcon } from './icons';

interface SaveMenuProps {
  saving: boolean;
  onSave: () => void;
  onSaveAs: () => void;
}

/** The Save options menu (spec 001 §2): Save directly, or Save As... from the menu. */
export function SaveMenu({ saving, onSave, onSaveAs }: SaveMenuProps) {
  const menu = useMenuButton();
  const root = useRef<HTMLDivElement>(null);

  const choose = (action: () => void) => {
    menu.close();
    action();
  };

  return (
    <div className="save-menu" ref={root}>
      <button
        type="button"
        className="button primary save-button"
        disabled={saving}
        title="Save (Ctrl+S)"
        onClick={onSave}
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button
        type="button"
        className="button primary save-options"
        aria-label="Save options"
        title="Save options"
        {...menu.buttonProps}
      >
        <ChevronDownIcon />
      </button>
      {menu.open && (
        <Popup
          {...menu.popupProps}
          anchor={root}
          placement="below-end"
          className="menu save-menu-list"
          role="menu"
          label="Save options"
        >
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            disabled={saving}
            onClick={() => choose(onSave)}
          >
            Save
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => choose(onSaveAs)}
          >
            Save As...
          </button>
        </Popup>
      )}
    </div>
  );
}
