import { useEffect, useId, useRef, useState } from 'react';
import { Popup } from '../../components/Popup';
import { useMenuButton } from '../../components/useMenuButton';
import { apiFetch } from '../../api/http';
import { CITATION_STYLES } from '../../../shared/citations/citation-styles';
import { ChevronDownIcon, ExportIcon } from '../toolbar/icons';
import { downloadExport, type ExportFormat } from './download-export';

const ENTRIES: { format: ExportFormat; label: string; busy: string }[] = [
  { format: 'pdf', label: 'Export as PDF', busy: 'Exporting PDF...' },
  { format: 'word', label: 'Export as Word', busy: 'Exporting Word...' },
  { format: 'latex', label: 'Export as LaTeX', busy: 'Exporting LaTeX...' },
  { format: 'html', label: 'Export as HTML', busy: 'Exporting HTML...' },
];

interface ExportMenuProps {
  paperId: string;
  citationStyle: string;
  /** Saves unsaved edits first: the server exports the stored paper. */
  beforeExport: () => Promise<unknown>;
  /** Opens the 'AI use' panel (docs/provenance.md); the entry is hidden without it. */
  onAiUse?: () => void;
  /** Opens the AI-use statement, for a person who may edit the paper. */
  onAiUseStatement?: () => void;
}

/**
 * The export menu of spec 000 §2.4: 'Include cited abstracts' and the four formats, each with
 * its own busy flag, plus the paper's citation style. It is a WAI-ARIA menu: the checkbox is a
 * menuitemcheckbox and the styles a group of menuitemradio, which change in place and keep it
 * open (docs/accessibility.md). A failure is logged ('Failed to convert
 * HTML') and also shown briefly, so the user is never left wondering.
 */
export function ExportMenu({
  paperId,
  citationStyle,
  beforeExport,
  onAiUse,
  onAiUseStatement,
}: ExportMenuProps) {
  const menu = useMenuButton();
  const stylesLabel = useId();
  const [includeAbstracts, setIncludeAbstracts] = useState(false);
  const [style, setStyle] = useState(citationStyle);
  const [busy, setBusy] = useState<Partial<Record<ExportFormat, boolean>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), 6000);
    return () => clearTimeout(timer);
  }, [message]);

  const run = async (format: ExportFormat) => {
    if (busy[format]) return;
    setBusy((current) => ({ ...current, [format]: true }));
    setMessage(null);
    try {
      await beforeExport();
      await downloadExport(format, paperId, includeAbstracts);
    } catch (error) {
      console.error('Failed to convert HTML', error);
      setMessage(`Export failed: ${error instanceof Error ? error.message : 'please try again'}`);
    } finally {
      setBusy((current) => ({ ...current, [format]: false }));
    }
  };

  const chooseStyle = (next: string) => {
    const previous = style;
    setStyle(next);
    apiFetch(`/api/papers/${encodeURIComponent(paperId)}/citation-style`, {
      method: 'PUT',
      body: JSON.stringify({ citationStyle: next }),
    }).catch((error: unknown) => {
      console.error('Failed to save the citation style', error);
      setStyle(previous);
      setMessage('The citation style could not be saved.');
    });
  };

  return (
    <div className="export-menu" ref={root}>
      <button
        type="button"
        className="button export-button"
        aria-label="Export"
        title={ENTRIES.find((entry) => busy[entry.format])?.busy ?? 'Export'}
        {...menu.buttonProps}
      >
        <ExportIcon />
        <ChevronDownIcon />
      </button>
      {message && (
        <span className="export-message" role="alert">
          {message}
        </span>
      )}
      {menu.open && (
        <Popup
          {...menu.popupProps}
          anchor={root}
          placement="below-end"
          className="menu export-menu-list"
          role="menu"
          label="Export"
        >
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={includeAbstracts}
            className="menu-item menu-check"
            onClick={() => setIncludeAbstracts((included) => !included)}
          >
            <span className="menu-mark" aria-hidden="true">
              {includeAbstracts ? '☑' : '☐'}
            </span>
            Include cited abstracts
          </button>
          {ENTRIES.map((entry) => (
            <button
              key={entry.format}
              type="button"
              role="menuitem"
              className="menu-item"
              // Busy, it keeps the focus (a disabled button would drop it to the page) and the
              // menu stays open to show the busy label.
              aria-disabled={busy[entry.format] ?? false}
              data-menu-stays=""
              onClick={() => void run(entry.format)}
            >
              {busy[entry.format] ? entry.busy : entry.label}
            </button>
          ))}
          {onAiUse && (
            <button type="button" role="menuitem" className="menu-item" onClick={onAiUse}>
              AI use…
            </button>
          )}
          {onAiUseStatement && (
            <button type="button" role="menuitem" className="menu-item" onClick={onAiUseStatement}>
              AI-use statement…
            </button>
          )}
          <div role="group" aria-labelledby={stylesLabel} className="menu-group">
            <div id={stylesLabel} className="menu-group-label" role="presentation">
              Citation style
            </div>
            {CITATION_STYLES.map((entry) => (
              <button
                key={entry.id}
                type="button"
                role="menuitemradio"
                aria-checked={style === entry.id}
                className="menu-item menu-radio"
                onClick={() => {
                  if (style !== entry.id) chooseStyle(entry.id);
                }}
              >
                <span className="menu-mark" aria-hidden="true">
                  {style === entry.id ? '●' : '○'}
                </span>
                {entry.label}
              </button>
            ))}
          </div>
        </Popup>
      )}
    </div>
  );
}
