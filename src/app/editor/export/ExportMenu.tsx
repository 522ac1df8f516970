import { useCallback, useEffect, useRef, useState } from 'react';
import { Popup } from '../../components/Popup';
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
}

/**
 * The export menu of spec 000 §2.4: 'Include cited abstracts' and the four formats, each with
 * its own busy flag, plus the paper's citation style. A failure is logged ('Failed to convert
 * HTML') and also shown briefly, so the user is never left wondering.
 */
export function ExportMenu({ paperId, citationStyle, beforeExport }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [includeAbstracts, setIncludeAbstracts] = useState(false);
  const [style, setStyle] = useState(citationStyle);
  const [busy, setBusy] = useState<Partial<Record<ExportFormat, boolean>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);

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
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        <ExportIcon />
        <ChevronDownIcon />
      </button>
      {message && (
        <span className="export-message" role="status">
          {message}
        </span>
      )}
      {open && (
        <Popup
          anchor={root}
          placement="below-end"
          onClose={close}
          className="menu export-menu-list"
          role="menu"
          label="Export"
        >
          <label className="menu-check">
            <input
              type="checkbox"
              checked={includeAbstracts}
              onChange={(event) => setIncludeAbstracts(event.target.checked)}
            />
            Include cited abstracts
          </label>
          <label className="menu-select">
            Citation style
            <select value={style} onChange={(event) => chooseStyle(event.target.value)}>
              {CITATION_STYLES.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          {ENTRIES.map((entry) => (
            <button
              key={entry.format}
              type="button"
              role="menuitem"
              className="menu-item"
              disabled={busy[entry.format]}
              onClick={() => void run(entry.format)}
            >
              {busy[entry.format] ? entry.busy : entry.label}
            </button>
          ))}
        </Popup>
      )}
    </div>
  );
}
