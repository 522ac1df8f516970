import type { Work } from '../../../shared/citations/work';
import type { works } from '../../db/schema';

export type WorkRow = typeof works.$inferSelect;
export type WorkInsert = typeof works.$inferInsert;

/** A stored row as the shared `Work` the API, editor and formatters use. */
export function rowToWork(row: WorkRow): Work {
  return {
    refId: row.refId,
    id: row.sourceId,
    doi: row.doi,
    title: row.title,
    type: row.type,
    authors: row.authors,
    published_year: row.publishedYear,
    published_month: row.publishedMonth,
    published_day: row.publishedDay,
    container_title: row.containerTitle,
    source: row.source,
    volume: row.volume,
    issue: row.issue,
    page: row.page,
    publisher: row.publisher,
    abstract: row.abstract,
    hyperlink: row.hyperlink,
    url: row.url,
    subjects: row.subjects,
    subjects_str: row.subjects.length > 0 ? row.subjects.join('; ') : null,
    is_referenced_by_count: row.isReferencedByCount,
    issn: row.issn,
    isbn: row.isbn,
    pdf: row.pdf,
    reference: null,
  };
}

export function workToRow(
  work: Work,
  meta: { refId: string; dedupeKey: string; origin: string },
): WorkInsert {
  return {
    refId: meta.refId,
    dedupeKey: meta.dedupeKey,
    origin: meta.origin,
    sourceId: work.id,
    doi: work.doi,
    title: work.title,
    type: work.type,
    authors: work.authors,
    publishedYear: work.published_year,
    publishedMonth: work.published_month,
    publishedDay: work.published_day,
    containerTitle: work.container_title,
    source: work.source,
    volume: work.volume,
    issue: work.issue,
    page: work.page,
    publisher: work.publisher,
    abstract: work.abstract,
    hyperlink: work.hyperlink,
    url: work.url,
    subjects: work.subjects,
    isReferencedByCount: work.is_referenced_by_count,
    issn: work.issn,
    isbn: work.isbn,
    pdf: work.pdf,
  };
}
