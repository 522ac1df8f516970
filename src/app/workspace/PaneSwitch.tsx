import type { KeyboardEvent } from 'react';

export type PaneName = 'papers' | 'editor' | 'references';

const PANES: { name: PaneName; label: string }[] = [
  { name: 'papers', label: 'Papers' },
  { name: 'editor', label: 'Editor' },
  { name: 'references', label: 'References' },
];

/** The id of a pane's panel element, which the tab controls. */
export function paneId(name: PaneName): string {
  return `pane-${name}`;
}

/**
 * On a narrow screen (a phone, or 200% zoom) one pane shows at a time: these tabs switch
 * between them (WAI-ARIA tabs: one Tab stop, Left and Right move and show).
 */
export function PaneSwitch({
  current,
  onChange,
}: {
  current: PaneName;
  onChange: (pane: PaneName) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = PANES.findIndex((pane) => pane.name === current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = PANES[(at + step + PANES.length) % PANES.length];
    if (!next) return;
    onChange(next.name);
    event.currentTarget.querySelector<HTMLElement>(`#tab-${next.name}`)?.focus();
  };
  return (
    <div className="pane-switch" role="tablist" aria-label="Panes" onKeyDown={onKeyDown}>
      {PANES.map((pane) => (
        <button
          key={pane.name}
          id={`tab-${pane.name}`}
          type="button"
          role="tab"
          aria-selected={pane.name === current}
          aria-controls={paneId(pane.name)}
          tabIndex={pane.name === current ? 0 : -1}
          className={pane.name === current ? 'pane-tab current' : 'pane-tab'}
          onClick={() => onChange(pane.name)}
        >
          {pane.label}
        </button>
      ))}
    </div>
  );
}
