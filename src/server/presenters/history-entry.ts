import type { HistoryRow } from '../papers/history-store';

/** A version as the Version History modal lists it (spec 001 §3, history entry). */
export function presentHistoryEntry(row: HistoryRow) {
  return {
    history_id: row.id,
    version_number: row.versionNumber,
    version_created_at: row.createdAt.toISOString(),
    version_created_by_name: row.createdByName,
    version_comment: row.comment,
    title: row.title,
    type: row.type,
    description: row.description,
    methodology: row.methodology,
    field: row.field,
    content: row.content,
    citations: row.citations,
  };
}
