import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';
import { HttpError, notFound } from '../http/http-error';
import { recordVersion } from './history-store';
import type { PaperInsert, PaperRow } from './paper-store';
import { presentPaper } from '../presenters/paper';

export class PaperConflictError extends HttpError {
  constructor(current: PaperRow) {
    super(409, 'This paper was changed in another tab or window since you opened it.', {
      paper: presentPaper(current),
    });
  }
}

export interface SaveRequest {
  ownerId: string;
  userName: string;
  paperId: string;
  changes: Partial<PaperInsert>;
  /** The updated_at the client loaded; a different stored value means someone saved since. */
  expectedUpdatedAt?: string | undefined;
  comment?: string;
}

const VERSIONED_FIELDS = [
  'title',
  'type',
  'description',
  'methodology',
  'field',
  'content',
  'citations',
] as const;

const {
  content: _content,
  autosaveContent: _autosaveContent,
  ...shortColumns
} = getTableColumns(papers);

function changesSomething(row: PaperRow, changes: Partial<PaperInsert>): boolean {
  return VERSIONED_FIELDS.some(
    (key) =>
      changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(row[key]),
  );
}

/**
 * A save: in one transaction, lock the paper, refuse a stale write, keep the state being
 * replaced as a history version and write the changes.
 */
export async function savePaper(db: Db, request: SaveRequest): Promise<PaperRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(papers)
      .where(and(eq(papers.id, request.paperId), eq(papers.ownerId, request.ownerId)))
      .for('update');
    if (!current) throw notFound('Paper');

    if (
      request.expectedUpdatedAt !== undefined &&
      Date.parse(request.expectedUpdatedAt) !== current.updatedAt.getTime()
    ) {
      throw new PaperConflictError(current);
    }
    if (!changesSomething(current, request.changes)) return current;

    await recordVersion(tx as unknown as Db, current.id, {
      createdByName: request.userName,
      comment: request.comment ?? '',
    });
    // The autosave is left alone: the editor deletes it after a save (DELETE /api/autosave);
    // a rename from elsewhere must not throw away unsaved text.
    // The long texts are not read back: they are what was sent, or what `current` holds.
    const [updated] = await tx
      .update(papers)
      .set({ ...request.changes, updatedAt: new Date() })
      .where(eq(papers.id, current.id))
      .returning(shortColumns);
    if (!updated) throw notFound('Paper');
    return {
      ...updated,
      content: request.changes.content ?? current.content,
      autosaveContent: request.changes.autosaveContent ?? current.autosaveContent,
    };
  });
}
