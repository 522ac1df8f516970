import type { DataSheet } from '../../../shared/analysis/data-file';

/** The table as a prompt sees it: sheets, rows, and each column's type and missing values. */
export function describeDataFile(fileName: string, sheets: DataSheet[]): string {
  const lines = [`File: ./${fileName}`];
  for (const sheet of sheets.slice(0, 10)) {
    lines.push(`Sheet "${sheet.name}": ${sheet.rowCount} rows, ${sheet.columns.length} columns`);
    for (const column of sheet.columns.slice(0, 80)) {
      lines.push(`- ${column.name} (${column.type}, ${column.missing} missing)`);
    }
    if (sheet.columns.length > 80) lines.push(`- … ${sheet.columns.length - 80} more columns`);
  }
  return lines.join('\n');
}

/** The pandas call that loads the file in the kernel's folder. */
export function loadCall(fileName: string, format: string): string {
  const name = JSON.stringify(fileName);
  return format === 'csv'
    ? `pd.read_csv(${name}, sep=None, engine="python")`
    : `pd.read_excel(${name})`;
}
