import { z } from 'zod';
import { splitArxivAuthors } from './arxiv-authors';
import { repairArxivId } from './arxiv-id';
import { decodeLatexAccents } from './latex-accents';
import { emptyRecord, type RecordConversion } from './literature-record';
import { cleanText, normalizeDoi, parseIsoDate, type DateParts } from './text-cleanup';

/**
 * arXiv metadata as in the OAI-PMH harvest (id, title, authors, abstract, categories list,
 * doi, created) and the Kaggle snapshot variant (categories as one space-separated string,
 * dates under versions / update_date). Each field falls back to "absent" on a wrong type.
 */
const arxivSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.unknown().optional(),
  authors: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .catch(null),
  abstract: z.unknown().optional(),
  categories: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .catch(null),
  doi: z.unknown().optional(),
  created: z.string().nullish().catch(null),
  update_date: z.string().nullish().catch(null),
  versions: z
    .array(z.object({ created: z.string().nullish().catch(null) }))
    .nullish()
    .catch(null),
});

function subjectsOf(categories: string | string[] | null | undefined): string[] {
  if (categories === null || categories === undefined) return [];
  const list = typeof categories === 'string' ? categories.split(/\s+/) : categories;
  return list.map((category) => category.trim()).filter((category) => category !== '');
}

function authorsOf(authors: string | string[] | null | undefined): string[] {
  if (authors === null || authors === undefined) return [];
  if (typeof authors === 'string') return splitArxivAuthors(authors);
  return authors.map((name) => cleanText(decodeLatexAccents(name))).filter((name) => name !== null);
}

// Kaggle dumps date versions as RFC 2822 ("Mon, 2 Apr 2007 19:18:42 GMT").
function firstVersionDate(versions: { created?: string | null }[] | null | undefined): DateParts {
  const created = versions?.[0]?.created;
  const time = created ? Date.parse(created) : Number.NaN;
  if (Number.isNaN(time)) return { year: null, month: null, day: null };
  const date = new Date(time);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function arxivToRecord(value: unknown): RecordConversion {
  const parsed = arxivSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'arXiv record without an id' };
  const raw = parsed.data;
  const title = cleanText(typeof raw.title === 'string' ? decodeLatexAccents(raw.title) : null);
  if (title === null) return { ok: false, reason: 'missing title' };
  const sourceId = repairArxivId(raw.id.trim());
  if (sourceId === '') return { ok: false, reason: 'arXiv record without an id' };

  const record = emptyRecord('arxiv', sourceId, title);
  const abstract = typeof raw.abstract === 'string' ? decodeLatexAccents(raw.abstract) : null;
  record.abstract = cleanText(abstract);
  record.authors = authorsOf(raw.authors);
  // Some records list several DOIs separated by spaces; the first is the article's.
  const doiText = typeof raw.doi === 'string' ? raw.doi.trim().split(/\s+/)[0] : null;
  record.doi = normalizeDoi(doiText);
  let date = parseIsoDate(raw.created);
  if (date.year === null) date = firstVersionDate(raw.versions);
  if (date.year === null) date = parseIsoDate(raw.update_date);
  record.year = date.year;
  record.month = date.month;
  record.day = date.day;
  record.type = 'preprint';
  record.subjects = subjectsOf(raw.categories);
  record.url = `https://arxiv.org/abs/${sourceId}`;
  return { ok: true, record };
}
