/** Spec 002 §3 Data file, with the description read once at upload. */
export interface DataFile {
  file_id: string;
  filename: string;
  created_at: string;
}

export interface DataColumn {
  name: string;
  type: string;
  missing: number;
}

export interface DataSheet {
  name: string;
  rowCount: number;
  columns: DataColumn[];
}

/** Spec 002 §5: data upload accepts only these. */
export const DATA_FILE_EXTENSIONS = ['csv', 'xlsx', 'xls'] as const;
export type DataFileFormat = (typeof DATA_FILE_EXTENSIONS)[number];

export function dataFileFormat(filename: string): DataFileFormat | null {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  return (DATA_FILE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as DataFileFormat)
    : null;
}

export const DATA_ANALYSIS_NOT_INSTALLED = 'Data analysis is not installed on this server.';
export const DATA_ANALYSIS_ERROR =
  'Sorry, there was an error processing your data analysis request.';
export const NO_DATA_FILES = 'No data files uploaded yet';
export const DELETE_DATA_FILE_CONFIRM =
  'Are you sure you want to delete this file? This action cannot be undone.';
