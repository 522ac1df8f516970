import { getTableColumns } from 'drizzle-orm';
import { preparedStatement } from '../db/prepared-statement';
import type { Db } from '../db/database';
import { papers } from '../db/schema';
import { HttpError, notFound } from '../http/http-error';
import type { PaperRole } from '../../shared/papers/paper-permissions';
import { toPaperRow, type AccessiblePaper, type PaperInsert, type PaperRow } from './paper-store';
import { presentPaper } from '../presenters/paper';

export class PaperConflictError extends HttpError {
  constructor(current: PaperRow, role: PaperRole) {
    super(409, 'This paper was changed in another tab or window since you opened it.', {
      paper: presentPaper(current, role),
    });
  }
}

/**
 * What a save may change. Any change keeps the replaced state as a history version (the
 * history holds no language: a version kept for a new language reads like the current one).
 */
export type PaperChanges = Partial<
  Pick<
    PaperInsert,
    | 'title'
    | 'type'
    | 'description'
    | 'methodology'
    | 'field'
    | 'content'
    | 'citations'
    | 'language'
  >
>;

/** The paper after a save, and the number of the version it kept (null: nothing changed). */
export type SavedPaper = PaperRow & { keptVersion: number | null };

export interface SaveRequest {
  /** The paper as the saving user reached it, the policy having allowed the save. */
  paper: Pick<AccessiblePaper, 'id' | 'ownerId' | 'role'>;
  userName: string;
  changes: PaperChanges;
  /** The updated_at the client loaded; a different stored value means someone saved since. */
  expectedUpdatedAt?: string | undefined;
  comment?: string;
  /**
   * The content the history version keeps, when it is not the last saved one: a restore keeps
   * the live text it replaced, so the restore can be undone from the history.
   */
  keptContent?: string;
}

/**
 * A save (the spec's Save: a version in the history) in one statement, so one round trip: lock the paper, refuse a stale write, keep the
 * state being replaced as the next history version (copied inside the database) and write the
 * changes. Data-modifying CTEs all run once and see the same snapshot: the history copy and the
 * answer read the locked row as it was before the update.
 *
 * A save that waited for another save's lock reads the row as that save left it (PostgreSQL
 * re-reads a row it locks after waiting), but its snapshot predates that save's history row:
 * the version number therefore comes from the row (`last_version_number`), which every save
 * sets with the version it keeps. A paper not saved since that column came has 0 there and is
 * numbered from its history.
 *
 * The content a save compares and keeps is the content as last saved (saved_content, or
 * content when they are the same), or `keptContent` when given: papers.content is the live
 * document's, which changes as people type (src/server/collaboration).
 */
export async function savePaper(db: Db, request: SaveRequest): Promise<SavedPaper> {
  const updatedAt = new Date();
  const [raw] = await runSave(db, parameterValues(request, updatedAt));
  if (!raw) throw notFound('Paper');
  const current = toPaperRow(raw);
  if (raw.fresh !== true) throw new PaperConflictError(current, request.paper.role);
  if (raw.kept_version === null) return { ...current, keptVersion: null };
  // The autosave is left alone: the editor deletes it after a save (DELETE /api/autosave);
  // a rename from elsewhere must not throw away unsaved text.
  const { changes } = request;
  return {
    ...current,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    lastVersionNumber: Number(raw.kept_version),
    keptVersion: Number(raw.kept_version),
    updatedAt,
  };
}

const columns = getTableColumns(papers);

/**
 * The statement's text is fixed, so it is prepared once (a named statement on PostgreSQL) and
 * each value is sent once however often the text uses it: a field the save does not change is
 * null and keeps its stored value (every changeable column is NOT NULL). The text just sent is
 * not read back: the answer takes it from the request.
 */
const runSave = preparedStatement(
  'save_paper',
  `with c as (
      select * from papers where id = $1::uuid and owner_id = $2::text for update
    ),
    saving as (
      select c.id,
        case when c.last_version_number > 0 then c.last_version_number
          else coalesce((select max(v.version_number) from paper_history v
            where v.paper_id = c.id), 0)
        end + 1 as version_number
      from c
      where ($3::timestamptz is null
          or date_trunc('milliseconds', c.updated_at) = $3::timestamptz)
        and (c.title <> $7::text or c.type <> $8::text or c.description <> $9::text
          or c.methodology <> $10::text or c.field <> $11::text
          or coalesce($15::text, c.saved_content, c.content) <> $12::text
          or c.citations <> $13::jsonb or c.language <> $14::text)
    ),
    kept as (
      insert into paper_history (paper_id, version_number, created_by_name, comment, title, type,
        description, methodology, field, content, citations)
      select c.id, saving.version_number, $4::text, $5::text,
        c.title, c.type, c.description, c.methodology, c.field,
        coalesce($15::text, c.saved_content, c.content),
        case when jsonb_typeof(c.citations) = 'array' then c.citations else '[]'::jsonb end
      from c join saving on saving.id = c.id
    ),
    written as (
      update papers set
        title = coalesce($7::text, papers.title),
        type = coalesce($8::text, papers.type),
        description = coalesce($9::text, papers.description),
        methodology = coalesce($10::text, papers.methodology),
        field = coalesce($11::text, papers.field),
        content = coalesce($12::text, papers.content),
        saved_content = case when $12::text is null then papers.saved_content end,
        citations = coalesce($13::jsonb, papers.citations),
        language = coalesce($14::text, papers.language),
        updated_at = $6::timestamptz,
        last_version_number = saving.version_number
      from saving where papers.id = saving.id
    )
    select ${Object.values(columns)
      .map((column) =>
        column.name === 'content'
          ? 'case when saving.id is null or $12::text is null then c.content end as content'
          : `c."${column.name}"`,
      )
      .join(', ')},
      ($3::timestamptz is null
        or date_trunc('milliseconds', c.updated_at) = $3::timestamptz) as fresh,
      saving.version_number as kept_version
    from c left join saving on true`,
  [
    'paperId',
    'ownerId',
    'expectedUpdatedAt',
    'userName',
    'comment',
    'updatedAt',
    'title',
    'type',
    'description',
    'methodology',
    'field',
    'content',
    'citations',
    'language',
    'keptContent',
  ],
);

function parameterValues(request: SaveRequest, updatedAt: Date): Record<string, string | null> {
  const { changes } = request;
  return {
    paperId: request.paper.id,
    ownerId: request.paper.ownerId,
    expectedUpdatedAt: request.expectedUpdatedAt ?? null,
    userName: request.userName,
    comment: request.comment ?? '',
    updatedAt: updatedAt.toISOString(),
    title: changes.title ?? null,
    type: changes.type ?? null,
    description: changes.description ?? null,
    methodology: changes.methodology ?? null,
    field: changes.field ?? null,
    content: changes.content ?? null,
    citations: changes.citations === undefined ? null : JSON.stringify(changes.citations),
    language: changes.language ?? null,
    keptContent: request.keptContent ?? null,
  };
}
