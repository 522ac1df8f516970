import { arrayMove } from '@dnd-kit/sortable';
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { ListRow } from './SectionRow';

export type Reorder = (change: (rows: ListRow[]) => ListRow[]) => void;

/** The props a row's drag handle takes for moving it from the keyboard. */
export interface KeyboardMove {
  lifted: boolean;
  registerHandle: (handle: HTMLButtonElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onBlur: (event: FocusEvent<HTMLButtonElement>) => void;
}

interface Lift {
  sectionIndex: number;
  /** The order before the lift, for Escape. */
  before: number[];
  /** The order now; kept here so keys pressed at once each move from where the last left it. */
  order: number[];
}

function arranged(rows: ListRow[], order: number[]): ListRow[] {
  const byIndex = new Map(rows.map((row) => [row.sectionIndex, row]));
  const listed = order.flatMap((index) => byIndex.get(index) ?? []);
  return [...listed, ...rows.filter((row) => !order.includes(row.sectionIndex))];
}

const label = (row: ListRow) => `${row.sectionNumber} ${row.sectionTitle}`;

/**
 * Moving rows of the writing list from the keyboard, with the keys the drag library announces:
 * Space or Enter lifts the focused row, the up and down arrows move it, Space or Enter drops it,
 * Escape puts it back. Each key is handled in its own event, so keys pressed in quick succession
 * all count; the drag library's keyboard sensor starts listening for arrows one timer task after
 * the lift, and the browser runs input before timers, so fast arrows were lost.
 */
export function useKeyboardReorder(rows: ListRow[], reorder: Reorder) {
  const lift = useRef<Lift | null>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const [lifted, setLifted] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Reordering moves the lifted row's element, which takes the focus away from its handle.
  useLayoutEffect(() => {
    if (lifted === null) return;
    const handle = handles.current.get(lifted);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [rows, lifted]);

  const end = (message: string) => {
    lift.current = null;
    setLifted(null);
    setAnnouncement(message);
  };

  const position = (order: number[], sectionIndex: number) =>
    `position ${order.indexOf(sectionIndex) + 1} of ${order.length}`;

  const onKeyDown = (row: ListRow, event: KeyboardEvent<HTMLButtonElement>) => {
    const current = lift.current;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (current) {
        end(`${label(row)} dropped at ${position(current.order, row.sectionIndex)}.`);
        return;
      }
      const order = rows.map((each) => each.sectionIndex);
      lift.current = { sectionIndex: row.sectionIndex, before: order, order };
      setLifted(row.sectionIndex);
      setAnnouncement(
        `Picked up ${label(row)} at ${position(order, row.sectionIndex)}. Use the up and down arrows to move it, Space to drop it, Escape to cancel.`,
      );
      return;
    }
    if (!current) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const from = current.order.indexOf(current.sectionIndex);
      const to = from + (event.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= current.order.length) return;
      const order = arrayMove(current.order, from, to);
      lift.current = { ...current, order };
      reorder((list) => arranged(list, order));
      setAnnouncement(`${label(row)} moved to ${position(order, row.sectionIndex)}.`);
    } else if (event.key === 'Escape') {
      // The row goes back; the dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      reorder((list) => arranged(list, current.before));
      end(
        `Moving ${label(row)} was cancelled; it is back at ${position(current.before, row.sectionIndex)}.`,
      );
    }
  };

  /** What the handle of `row` takes. */
  const handleProps = (row: ListRow): KeyboardMove => ({
    lifted: lifted === row.sectionIndex,
    registerHandle: (handle) => {
      if (handle) handles.current.set(row.sectionIndex, handle);
      else handles.current.delete(row.sectionIndex);
    },
    onKeyDown: (event) => onKeyDown(row, event),
    onBlur: (event) => {
      // Focus moved to another control by the user (not lost to the row's own move): drop it there.
      const current = lift.current;
      if (current?.sectionIndex === row.sectionIndex && event.relatedTarget) {
        end(`${label(row)} dropped at ${position(current.order, row.sectionIndex)}.`);
      }
    },
  });

  return { handleProps, announcement };
}
