import type { PaperFile } from '../../shared/files/paper-file';
import type { PaperFileSummary } from '../files/file-store';

export function presentPaperFile(row: PaperFileSummary): PaperFile {
  return {
    id: row.id,
    paper_id: row.paperId,
    filename: row.filename,
    goal: row.goal,
    contents: row.contents,
    size: row.originalSize,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
