import { useEffect, useRef } from 'react';
import type { RewriteAction } from '../../../shared/ai/rewrite-presets';
import type { AiAction, Availability } from '../availability/ai-availability';
import { SECTION_MENU } from './section-actions';

interface SectionMenuProps {
  sectionLabel: string;
  anchor: DOMRect;
  availability: (action: AiAction) => Availability;
  onChoose: (action: RewriteAction) => void;
  onClose: () => void;
}

const MENU_WIDTH = 260;

/** The section menu of 000 §2.3, opened from a numbered heading's button. */
export function SectionMenu({
  sectionLabel,
  anchor,
  availability,
  onChoose,
  onClose,
}: SectionMenuProps) {
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onPointer);
    menu.current
      ?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')
      ?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onPointer);
    };
  }, [onClose]);

  const reasons = new Set(
    SECTION_MENU.map((entry) => availability(entry.action).reason).filter(
      (reason): reason is string => reason !== null,
    ),
  );
  const left = Math.max(8, Math.min(anchor.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
  return (
    <div
      ref={menu}
      className="section-menu"
      role="menu"
      aria-label={`Section ${sectionLabel}`}
      style={{ top: anchor.bottom + 4, left, width: MENU_WIDTH }}
    >
      {SECTION_MENU.map(({ action, label }) => {
        const { enabled, reason } = availability(action);
        return (
          <button
            key={action}
            type="button"
            role="menuitem"
            className="menu-item"
            aria-disabled={!enabled}
            disabled={!enabled}
            title={reason ?? undefined}
            onClick={() => onChoose(action)}
          >
            {label}
          </button>
        );
      })}
      {[...reasons].map((reason) => (
        <p key={reason} className="section-menu-note">
          {reason}
        </p>
      ))}
    </div>
  );
}
