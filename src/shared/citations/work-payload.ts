import { z } from 'zod';
import { isWebAuthorsMarker, splitAuthors } from './authors';
import { parseDoi } from './doi';
import { isRefId, refIdFor } from './ref-id';
import { WEB_WORK_TYPE, type CitationAnnotation, type CitedWork, type Work } from './work';

/**
 * Works arrive in several dialects (spec 002 §3): 'year' for 'published_year', 'venue' for
 * 'source', 'reference_count' for 'is_referenced_by_count', numbers as strings, authors and
 * subjects as a list or one string. This schema accepts all of them and yields the canonical
 * CitedWork, so nothing past the API boundary has to know the dialects.
 */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    const trimmed = value === null || value === undefined ? '' : String(value).trim();
    return trimmed === '' ? null : trimmed;
  });

const integer = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    const number = typeof value === 'string' ? Number(value.trim()) : value;
    return typeof number === 'number' && Number.isInteger(number) ? number : null;
  });

const decimal = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isFinite(number) ? number : null;
  });

const list = (separator: RegExp) =>
  z
    .union([z.array(z.union([z.string(), z.number()])), z.string()])
    .nullish()
    .transform((value) => {
      const items = typeof value === 'string' ? value.split(separator) : (value ?? []);
      return items.map((item) => String(item).trim()).filter((item) => item !== '');
    });

export const citedWorkPayloadSchema = z.object({
  refId: text,
  id: text,
  doi: text,
  title: text,
  type: text,
  authors: z
    .union([z.array(z.string()), z.string()])
    .nullish()
    .transform((value) => value ?? null),
  published_year: integer,
  year: integer,
  published_month: integer,
  published_day: integer,
  container_title: text,
  source: text,
  venue: text,
  volume: text,
  issue: text,
  page: text,
  publisher: text,
  abstract: text,
  hyperlink: text,
  url: text,
  subjects: list(/;/),
  subjects_str: text,
  is_referenced_by_count: integer,
  reference_count: integer,
  issn: list(/[,;\s]+/),
  isbn: list(/[,;]/),
  pdf: text,
  reference: text,
  similarity_score: decimal,
  certainty: decimal,
  reasoning: text,
  evidence: text,
  check_method: z
    .unknown()
    .optional()
    .transform((value) => (value === 'model' || value === 'lexical' ? value : null)),
  checked_claim: text,
});

export type CitedWorkPayload = z.input<typeof citedWorkPayloadSchema>;

/** Parses any payload dialect into a CitedWork; throws a ZodError for a non-object. */
export const citedWorkSchema = citedWorkPayloadSchema.transform(canonicalize);

export function toCitedWork(payload: unknown): CitedWork {
  return citedWorkSchema.parse(payload);
}

/** The article alone, without the per-citation annotation. */
export function toWork(payload: unknown): Work {
  const {
    similarity_score: _score,
    certainty: _certainty,
    reasoning: _reasoning,
    evidence: _evidence,
    check_method: _method,
    checked_claim: _claim,
    ...work
  } = toCitedWork(payload);
  return work;
}

type ParsedPayload = z.output<typeof citedWorkPayloadSchema>;

function canonicalize(payload: ParsedPayload): CitedWork {
  // An unparseable DOI is dropped rather than rejecting the whole citation: the article is still
  // worth citing, it just cannot be looked up by DOI.
  const doi = payload.doi === null ? null : parseDoi(payload.doi);
  const subjects =
    payload.subjects.length > 0
      ? payload.subjects
      : (payload.subjects_str?.split(/;/).map((subject) => subject.trim()) ?? []).filter(Boolean);
  const type = isWebAuthorsMarker(payload.authors) ? WEB_WORK_TYPE : (payload.type ?? 'other');
  const annotation: CitationAnnotation = {
    similarity_score: payload.similarity_score,
    certainty: payload.certainty,
    reasoning: payload.reasoning,
    evidence: payload.evidence,
    check_method: payload.check_method,
    checked_claim: payload.checked_claim,
  };

  const work: Omit<Work, 'refId' | 'id'> = {
    doi,
    title: payload.title ?? '',
    type,
    authors: splitAuthors(payload.authors),
    published_year: payload.published_year ?? payload.year,
    published_month: payload.published_month,
    published_day: payload.published_day,
    container_title: payload.container_title,
    source: payload.source ?? payload.venue,
    volume: payload.volume,
    issue: payload.issue,
    page: payload.page,
    publisher: payload.publisher,
    abstract: payload.abstract,
    hyperlink: payload.hyperlink,
    url: payload.url,
    subjects,
    subjects_str: payload.subjects_str ?? (subjects.length > 0 ? subjects.join('; ') : null),
    is_referenced_by_count: payload.is_referenced_by_count ?? payload.reference_count,
    issn: payload.issn,
    isbn: payload.isbn,
    pdf: payload.pdf,
    reference: payload.reference,
  };
  const givenRefId = isRefId(payload.refId) ? payload.refId : null;
  const id =
    (payload.id === null ? null : (parseDoi(payload.id) ?? payload.id)) ?? doi ?? givenRefId ?? '';
  const refId = givenRefId ?? refIdFor({ ...work, id, refId: '' });
  return { ...work, refId, id: id === '' ? refId : id, ...annotation };
}
