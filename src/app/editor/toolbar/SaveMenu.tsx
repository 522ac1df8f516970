import { useCallback, useRef, useState, type CSSProperties } from 'react';
import { useClickOutside } from '../../components/useClickOutside';
import { ChevronDownIcon } from './icons';
import { popupBelow } from './popup-position';

interface SaveMenuProps {
  saving: boolean;
  onSave: () => void;
  onSaveAs: () => void;
}

/** The Save options menu (spec 001 §2): Save directly, or Save As... from the menu. */
export function SaveMenu({ saving, onSave, onSaveAs }: SaveMenuProps) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<CSSProperties>({});
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useClickOutside(root, open, close);

  const choose = (action: () => void) => {
    setOpen(false);
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
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setPlacement(popupBelow(root.current, 'end'));
          setOpen((shown) => !shown);
        }}
      >
        <ChevronDownIcon />
      </button>
      {open && (
        <div className="menu save-menu-list" role="menu" style={placement}>
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
        </div>
      )}
    </div>
  );
}
