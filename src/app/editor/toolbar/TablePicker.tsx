import { useCallback, useRef, useState } from 'react';
import { Popup } from '../../components/Popup';
import { TableIcon } from './icons';

/** Spec 000 §2.1, §9: tables are picked on a 10x10 grid. */
export const TABLE_PICKER_SIZE = 10;

interface Size {
  rows: number;
  cols: number;
}

/** The table button and its grid; the label under the grid reads 'rows x cols table'. */
export function TablePicker({ onPick }: { onPick: (rows: number, cols: number) => void }) {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<Size>({ rows: 1, cols: 1 });
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const cells = [];
  for (let row = 1; row <= TABLE_PICKER_SIZE; row++) {
    for (let col = 1; col <= TABLE_PICKER_SIZE; col++) {
      const inside = row <= size.rows && col <= size.cols;
      cells.push(
        <button
          key={`${row}-${col}`}
          type="button"
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
        type="button"
        className={open ? 'toolbar-button active' : 'toolbar-button'}
        title="Insert table"
        aria-label="Insert table"
        aria-expanded={open}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((shown) => !shown)}
      >
        <TableIcon />
      </button>
      {open && (
        <Popup
          anchor={root}
          placement="below-start"
          onClose={close}
          className="table-picker-popup"
          role="dialog"
          label="Choose table size"
        >
          <div className="table-picker-grid">{cells}</div>
          <div className="table-picker-label" aria-live="polite">
            {size.rows} x {size.cols} table
          </div>
        </Popup>
      )}
    </div>
  );
}
