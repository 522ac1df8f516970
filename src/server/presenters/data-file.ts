import type { DataFile, DataSheet } from '../../shared/analysis/data-file';
import type { DataFileSummary } from '../analysis/data-files/data-file-store';

/** Spec 002 §3 Data file, with its size and sheets for the modal. */
export function presentDataFile(
  row: DataFileSummary,
): DataFile & { size: number; sheets: DataSheet[] } {
  return {
    file_id: row.id,
    filename: row.filename,
    created_at: row.createdAt.toISOString(),
    size: row.originalSize,
    sheets: row.sheets,
  };
}
