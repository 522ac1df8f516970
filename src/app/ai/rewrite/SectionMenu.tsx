import { useMemo } from 'react';
import type { RewriteAction } from '../../../shared/ai/rewrite-presets';
import { Popup } from '../../components/Popup';
import type { AiAction, Availability } from '../availability/ai-availability';
import { SECTION_MENU } from './section-actions';

interface SectionMenuProps {
  sectionLabel: string;
  /** The heading's ✦ button it opens from. */
  button: HTMLElement;
  availability: (action: AiAction) => Availability;
  onChoose: (action: RewriteAction) => void;
  onClose: () => void;
}

/**
 * The section menu of 000 §2.3, opened from a numbered heading's button: a WAI-ARIA menu
 * (components/Popup.tsx) placed in view, below the button or above it near the bottom edge.
 */
export function SectionMenu({
  sectionLabel,
  button,
  availability,
  onChoose,
  onClose,
}: SectionMenuProps) {
  const anchor = useMemo(() => ({ current: button }), [button]);
  const reasons = new Set(
    SECTION_MENU.map((entry) => availability(entry.action).reason).filter(
      (reason): reason is string => reason !== null,
    ),
  );
  return (
    <Popup
      anchor={anchor}
      button={anchor}
      placement="below-end"
      onClose={onClose}
      className="section-menu"
      keyboardMenu
    >
      <div role="menu" aria-label={`Section ${sectionLabel}`}>
        {SECTION_MENU.map(({ action, label }) => {
          const { enabled, reason } = availability(action);
          return (
            <button
              key={action}
              type="button"
              role="menuitem"
              className="menu-item"
              disabled={!enabled}
              title={reason ?? undefined}
              onClick={() => onChoose(action)}
            >
              {label}
            </button>
          );
        })}
      </div>
      {[...reasons].map((reason) => (
        <p key={reason} className="section-menu-note">
          {reason}
        </p>
      ))}
    </Popup>
  );
}
