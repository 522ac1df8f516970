import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';
import { HttpError, notFound } from '../http/http-error';
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

/** A change to one of these keeps the replaced state as a history version; others ride along. */
const VERSIONED_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'type',
  'description',
  'methodology',
  'field',
  'content',
  'citations',
]);

const columns = getTableColumns(papers);
type ColumnKey = keyof typeof columns;

/** What the save statement answers: the stored row before the save, and what it did. */
interface SaveOutcome {
  current: PaperRow;
  fresh: boolean;
  /** The number of the version the save kept in the history; null when nothing was saved. */
  keptVersion: number | null;
}

/**
 * A save in one statement, so one round trip: lock the paper, refuse a stale write, keep the
 * state being replaced as the next history version (copied inside the database) and write the
 * changes. Data-modifying CTEs all run once and see the same snapshot: the history copy and the
 * answer read the locked row as it was before the update.
 *
 * A save that waited for another save's lock reads the row as that save left it (PostgreSQL
 * re-reads a row it locks after waiting), but its snapshot predates that save's history row:
 * the version number therefore comes from the row (`last_version_number`), which every save
 * sets with the version it keeps. A paper not saved since that column came has 0 there and is
 * numbered from its history.
 */
export async function savePaper(db: Db, request: SaveRequest): Promise<PaperRow> {
  const updatedAt = new Date();
  const { current, fresh, keptVersion } = await runSave(db, request, updatedAt);
  if (!fresh) throw new PaperConflictError(current);
  if (keptVersion === null) return current;
  // The autosave is left alone: the editor deletes it after a save (DELETE /api/autosave);
  // a rename from elsewhere must not throw away unsaved text.
  return {
    ...current,
    ...Object.fromEntries(definedChanges(request.changes)),
    lastVersionNumber: keptVersion,
    updatedAt,
  };
}

function definedChanges(changes: Partial<PaperInsert>): [ColumnKey, unknown][] {
  return Object.entries(changes).filter(([, value]) => value !== undefined) as [
    ColumnKey,
    unknown,
  ][];
}

async function runSave(db: Db, request: SaveRequest, updatedAt: Date): Promise<SaveOutcome> {
  const changes = definedChanges(request.changes);
  // Both drivers answer raw SQL with `{ rows }`; Db's driver-neutral type does not say so.
  const result = (await db.execute(saveStatement(request, changes, updatedAt))) as {
    rows: Record<string, unknown>[];
  };
  const [raw] = result.rows;
  if (!raw) throw notFound('Paper');
  return {
    current: toPaperRow(raw),
    fresh: raw.fresh === true,
    keptVersion: raw.kept_version === null ? null : Number(raw.kept_version),
  };
}

const column = (key: ColumnKey) => sql.identifier(columns[key].name);
/** A value as its column sends it to the driver (jsonb as JSON text, dates as ISO strings). */
const valueFor = (key: ColumnKey, value: unknown) => sql.param(value, columns[key]);

function saveStatement(
  request: SaveRequest,
  changes: [ColumnKey, unknown][],
  updatedAt: Date,
): SQL {
  const differs = changes
    .filter(([key]) => VERSIONED_FIELDS.has(key))
    .map(([key, value]) => sql`c.${column(key)} is distinct from ${valueFor(key, value)}`);
  const changesSomething = differs.length > 0 ? sql.join(differs, sql` or `) : sql`false`;
  const assignments = [...changes, ['updatedAt', updatedAt] as [ColumnKey, unknown]].map(
    ([key, value]) => sql`${column(key)} = ${valueFor(key, value)}`,
  );
  assignments.push(sql`last_version_number = saving.version_number`);
  // The client's updated_at has milliseconds; a row stamped by now() has microseconds.
  const fresh = sql`(${request.expectedUpdatedAt ?? null}::timestamptz is null
    or date_trunc('milliseconds', c.updated_at) = ${request.expectedUpdatedAt ?? null}::timestamptz)`;
  // The text just sent is not read back: the answer takes it from the request.
  const sendsContent = changes.some(([key]) => key === 'content');
  const answerColumns = Object.values(columns).map((col) =>
    col.name === columns.content.name && sendsContent
      ? sql`case when saving.id is null then c.content end as content`
      : sql`c.${sql.identifier(col.name)}`,
  );
  return sql`with c as (
      select * from papers where id = ${request.paperId} and owner_id = ${request.ownerId}
      for update
    ),
    saving as (
      select c.id, greatest(c.last_version_number,
          (select max(v.version_number) from paper_history v where v.paper_id = c.id)) + 1
        as version_number
      from c where ${fresh} and (${changesSomething})
    ),
    kept as (
      insert into paper_history (paper_id, version_number, created_by_name, comment, title, type,
        description, methodology, field, content, citations)
      select c.id, saving.version_number, ${request.userName}, ${request.comment ?? ''},
        c.title, c.type, c.description, c.methodology, c.field, c.content,
        case when jsonb_typeof(c.citations) = 'array' then c.citations else '[]'::jsonb end
      from c join saving on saving.id = c.id
    ),
    written as (
      update papers set ${sql.join(assignments, sql`, `)} from saving where papers.id = saving.id
    )
    select ${sql.join(answerColumns, sql`, `)}, ${fresh} as fresh,
      saving.version_number as kept_version
    from c left join saving on true`;
}

function toPaperRow(raw: Record<string, unknown>): PaperRow {
  const row: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(columns)) {
    const value = raw[col.name];
    row[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
  }
  return row as unknown as PaperRow;
}
