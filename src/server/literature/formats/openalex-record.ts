import { z } from 'zod';
import { emptyRecord, type RecordConversion } from './literature-record';
import { decodeInvertedAbstract } from './openalex-abstract';
import { cleanText, normalizeDoi, parseIsoDate, toCount, toLabel } from './text-cleanup';

/**
 * OpenAlex works in both shapes seen in the wild: the 2022 snapshot (host_venue,
 * alternate_host_venues, concepts) and the current API (primary_location / locations with a
 * nested source, topics). Fields fall back to "absent" one by one, never failing the record.
 */
const text = z.string().nullish().catch(null);
const named = z.object({ display_name: text }).nullish().catch(null);
const scored = z.object({ display_name: text, score: z.number().nullish().catch(null) });

const locationSchema = z
  .object({
    landing_page_url: text,
    source: z
      .object({ display_name: text, host_organization_name: text, publisher: text })
      .nullish()
      .catch(null),
  })
  .nullish()
  .catch(null);

const openAlexSchema = z.object({
  id: z.string(),
  doi: text,
  title: text,
  display_name: text,
  publication_year: z.number().nullish().catch(null),
  publication_date: text,
  type: text,
  ids: z.object({ doi: text }).nullish().catch(null),
  authorships: z
    .array(z.object({ author: named, raw_author_name: text }))
    .nullish()
    .catch(null),
  host_venue: z.object({ display_name: text, publisher: text, url: text }).nullish().catch(null),
  primary_location: locationSchema,
  biblio: z
    .object({
      volume: z.unknown().optional(),
      issue: z.unknown().optional(),
      first_page: z.unknown().optional(),
      last_page: z.unknown().optional(),
    })
    .nullish()
    .catch(null),
  topics: z.array(scored).nullish().catch(null),
  concepts: z.array(scored).nullish().catch(null),
  cited_by_count: z.unknown().optional(),
  abstract_inverted_index: z.unknown().optional(),
});

type OpenAlexWork = z.infer<typeof openAlexSchema>;

/** Concepts below this score are the tagger's guesses ("Sinus (botany)" on a neurosurgery paper). */
const MIN_CONCEPT_SCORE = 0.3;
const MAX_SUBJECTS = 10;

function shortId(id: string): string {
  const slash = id.lastIndexOf('/');
  return slash === -1 ? id : id.slice(slash + 1);
}

function pageRange(first: unknown, last: unknown): string | null {
  const from = toLabel(first);
  const to = toLabel(last);
  if (from === null) return to;
  return to === null || to === from ? from : `${from}-${to}`;
}

function subjectsOf(work: OpenAlexWork): string[] {
  const topics = work.topics ?? [];
  const tagged = topics.length > 0 ? topics : (work.concepts ?? []);
  const minimum = topics.length > 0 ? 0 : MIN_CONCEPT_SCORE;
  return tagged
    .filter((tag) => (tag.score ?? 1) >= minimum)
    .map((tag) => cleanText(tag.display_name))
    .filter((name) => name !== null)
    .slice(0, MAX_SUBJECTS);
}

function authorsOf(work: OpenAlexWork): string[] {
  return (work.authorships ?? [])
    .map((authorship) => cleanText(authorship.author?.display_name ?? authorship.raw_author_name))
    .filter((name) => name !== null);
}

export function openAlexToRecord(value: unknown): RecordConversion {
  const parsed = openAlexSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'OpenAlex work without an id' };
  const work = parsed.data;
  const title = cleanText(work.title ?? work.display_name);
  if (title === null) return { ok: false, reason: 'missing title' };

  const record = emptyRecord('openalex', shortId(work.id), title);
  record.doi = normalizeDoi(work.doi ?? work.ids?.doi);
  record.authors = authorsOf(work);
  record.abstract = decodeInvertedAbstract(work.abstract_inverted_index);
  const date = parseIsoDate(work.publication_date);
  record.year = work.publication_year ?? date.year;
  const sameYear = date.year === record.year;
  record.month = sameYear ? date.month : null;
  record.day = sameYear ? date.day : null;
  record.type = cleanText(work.type);
  const source = work.primary_location?.source;
  record.container_title = cleanText(source?.display_name ?? work.host_venue?.display_name);
  record.publisher = cleanText(
    source?.host_organization_name ?? source?.publisher ?? work.host_venue?.publisher,
  );
  record.volume = toLabel(work.biblio?.volume);
  record.issue = toLabel(work.biblio?.issue);
  record.page = pageRange(work.biblio?.first_page, work.biblio?.last_page);
  record.subjects = subjectsOf(work);
  const doiUrl = record.doi === null ? null : `https://doi.org/${record.doi}`;
  record.url =
    cleanText(work.primary_location?.landing_page_url ?? work.host_venue?.url) ?? doiUrl ?? work.id;
  record.is_referenced_by_count = toCount(work.cited_by_count);
  return { ok: true, record };
}
