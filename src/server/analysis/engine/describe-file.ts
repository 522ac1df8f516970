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

/**
 * The code that loads the file in the kernel's folder into `df` (pandas imported as `pd`).
 * pandas 1.5 asks for xlrd 2.0.1 to read .xls, and Debian's xlrd is 1.2, which reads .xls all
 * the same: the code says so and lowers pandas' requirement, visibly, so the notebook re-runs.
 */
export function loadCode(
  fileName: string,
  format: string,
  libraries: Record<string, string>,
): string {
  const name = JSON.stringify(fileName);
  if (format === 'csv') return `df = pd.read_csv(${name}, sep=None, engine="python")`;
  const xlrd = libraries.xlrd;
  const oldXlrd = format === 'xls' && xlrd !== undefined && Number(xlrd.split('.')[0]) < 2;
  return [
    ...(oldXlrd
      ? [
          `# xlrd ${xlrd} reads .xls files; pandas asks for xlrd 2.0.1 unless told otherwise.`,
          'from pandas.compat import _optional',
          `_optional.VERSIONS["xlrd"] = ${JSON.stringify(xlrd)}`,
        ]
      : []),
    `df = pd.read_excel(${name})`,
  ].join('\n');
}
