import type { Paper, PaperSummary } from '../../shared/papers/paper';
import type { PaperRole } from '../../shared/papers/paper-permissions';
import type { PaperRow } from '../papers/paper-store';

/** A paper as `role` sees it: the role lets the editor show only what the policy allows. */
export function presentPaper(row: PaperRow, role: PaperRole): Paper {
  return {
    id: row.id,
    role,
    title: row.title,
    type: row.type,
    description: row.description,
    methodology: row.methodology,
    field: row.field,
    content: row.content,
    citations: Array.isArray(row.citations) ? row.citations : [],
    language: row.language,
    citation_style: row.citationStyle,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    autosave_title: row.autosaveTitle,
    autosave_content: row.autosaveContent,
    autosaved_at: row.autosavedAt?.toISOString() ?? null,
  };
}

export function presentPaperSummary(
  row: Pick<
    PaperRow,
    'id' | 'title' | 'type' | 'description' | 'field' | 'createdAt' | 'updatedAt'
  > & { role: PaperRole; ownerName: string },
): PaperSummary {
  return {
    id: row.id,
    role: row.role,
    owner_name: row.ownerName,
    title: row.title,
    type: row.type,
    description: row.description,
    field: row.field,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
