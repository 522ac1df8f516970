import ExcelJS from 'exceljs';
import { ConversionError } from '../conversion-error';
import { type Block, blocksToMarkdown } from '../document-builder';
import type { Converter } from '../progress';
import { MAX_SHEET_ROWS, sheetBlocks } from '../sheet-table';

function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return dateText(value);
  if (value && typeof value === 'object' && 'result' in value) {
    const result = value.result;
    if (result instanceof Date) return dateText(result);
    if (result === undefined || result === null) return '';
    if (typeof result === 'object') return 'error' in result ? String(result.error) : '';
    return String(result);
  }
  return cell.text;
}

/** Every worksheet as one table under its name, each capped like a CSV file. */
export const convertXlsx: Converter = async ({ bytes, report }) => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    throw new ConversionError('This spreadsheet could not be read; the file may be damaged.');
  }
  const blocks: Block[] = [];
  for (const sheet of workbook.worksheets) {
    report(`Reading sheet ${sheet.name}`);
    const rows: string[][] = [];
    const width = sheet.columnCount;
    // One row past the cap is read so the note can say rows were left out; the rest are counted.
    let counted = 0;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      counted += 1;
      if (rows.length > MAX_SHEET_ROWS + 1) return;
      rows.push(Array.from({ length: width }, (_, index) => cellText(row.getCell(index + 1))));
    });
    blocks.push(...sheetBlocks({ name: sheet.name, rows, totalRows: counted }));
  }
  if (blocks.length === 0) throw new ConversionError('This spreadsheet has no sheets.');
  return blocksToMarkdown(blocks);
};
