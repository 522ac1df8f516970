import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Popup } from '../../components/Popup';
import { TableIcon } from './icons';

/** Spec 000 §2.1, §9: tables are picked on a 10x10 grid. */
export const TABLE_PICKER_SIZE = 10;

interface Size {
  rows: number;
  cols: number;
}

const MOVES: Record<string, Size> = {
  ArrowRight: { rows: 0, cols: 1 },
  ArrowLeft: { rows: 0, cols: -1 },
  ArrowDown: { rows: 1, cols: 0 },
  ArrowUp: { rows: -1, cols: 0 },
};

function clampSize(value: number): number {
  return Math.max(1, Math.min(value, TABLE_PICKER_SIZE));
}

/**
 * The table button and its grid; the label under the grid reads 'rows x cols table'. The grid
 * is one Tab stop: the arrow keys grow and shrink the table (a roving focus), Enter inserts it,
 * Escape goes back to the button.
 */
export function TablePicker({ onPick }: { onPick: (rows: number, cols: number) => void }) {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<Size>({ rows: 1, cols: 1 });
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = { rows: clampSize(size.rows + move.rows), cols: clampSize(size.cols + move.cols) };
    setSize(next);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${next.rows}-${next.cols}"]`)?.focus();
  };

  const cells = [];
  for (let row = 1; row <= TABLE_PICKER_SIZE; row++) {
    for (let col = 1; col <= TABLE_PICKER_SIZE; col++) {
      const inside = row <= size.rows && col <= size.cols;
      const current = row === size.rows && col === size.cols;
      cells.push(
        <button
          key={`${row}-${col}`}
          type="button"
          data-cell={`${row}-${col}`}
          tabIndex={current ? 0 : -1}
          className={inside ? 'table-picker-cell inside' : 'table-picker-cell'}
          aria-label={`${row} x ${col} table`}
          onMouseEnter={() => setSize({ rows: row, cols: col })}
          onFocus={() => setSize({ rows: row, cols: col })}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(false);
            onPick(row, col);
          }}
        />,
      );
    }
  }

  return (
    <div className="table-picker" ref={root}>
      <button
        ref={button}
        type="button"
        className={open ? 'toolbar-button active' : 'toolbar-button'}
        title="Insert table"
        aria-label="Insert table"
        aria-haspopup="dialog"
        aria-expanded={open}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          setSize({ rows: 1, cols: 1 });
          setOpen((shown) => !shown);
        }}
      >
        <TableIcon />
      </button>
      {open && (
        <Popup
          anchor={root}
          button={button}
          placement="below-start"
          onClose={close}
          className="table-picker-popup"
          role="dialog"
          label="Choose table size"
        >
          <div className="table-picker-grid" ref={grid} onKeyDown={onGridKey}>
            {cells}
          </div>
          <div className="table-picker-label" aria-live="polite">
            {size.rows} x {size.cols} table
          </div>
        </Popup>
      )}
    </div>
  );
}
