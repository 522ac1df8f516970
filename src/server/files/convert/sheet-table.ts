import { type Block, heading, paragraph, table, text } from './document-builder';

/** A sheet longer than this is cut: the prompt budget is better spent on several files. */
export const MAX_SHEET_ROWS = 500;
export const MAX_SHEET_COLUMNS = 50;

export interface Sheet {
  name: string | null;
  /** The rows as read, first row the header. */
  rows: string[][];
  /** How many non-empty rows the sheet has when `rows` holds only the first of them. */
  totalRows?: number;
}

function cellText(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function countLabel(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * One sheet as one markdown table (header row first) with at most MAX_SHEET_ROWS data rows and
 * MAX_SHEET_COLUMNS columns, followed by a note of what was left out.
 */
export function sheetBlocks(sheet: Sheet): Block[] {
  const rows = sheet.rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  const blocks: Block[] = [];
  if (sheet.name !== null) blocks.push(heading(2, text(sheet.name)));
  if (rows.length === 0) {
    blocks.push(paragraph(text('(This sheet is empty.)')));
    return blocks;
  }
  // A spread (Math.max(...rows)) overflows the stack at about 125,000 rows.
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  const kept = rows.slice(0, MAX_SHEET_ROWS + 1);
  blocks.push(
    table(
      kept.map((row) =>
        Array.from({ length: Math.min(width, MAX_SHEET_COLUMNS) }, (_, column) =>
          text(cellText(row[column] ?? '')),
        ),
      ),
    ),
  );
  const notes: string[] = [];
  const dataRows = Math.max(rows.length, sheet.totalRows ?? 0) - 1;
  if (dataRows > MAX_SHEET_ROWS) {
    notes.push(
      `Only the first ${countLabel(MAX_SHEET_ROWS, 'row')} of ${countLabel(dataRows, 'row')} are shown; ${countLabel(dataRows - MAX_SHEET_ROWS, 'row')} left out.`,
    );
  }
  if (width > MAX_SHEET_COLUMNS) {
    notes.push(
      `Only the first ${countLabel(MAX_SHEET_COLUMNS, 'column')} of ${countLabel(width, 'column')} are shown; ${countLabel(width - MAX_SHEET_COLUMNS, 'column')} left out.`,
    );
  }
  if (notes.length > 0)
    blocks.push(paragraph(text(`Note: ${notes.join(' ')}`, [{ type: 'italic' }])));
  return blocks;
}
