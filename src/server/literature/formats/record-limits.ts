import type { LiteratureRecord } from './literature-record';

/**
 * How long a field of a corpus record may be. Real titles stay far below these; a longer value
 * is a broken or hostile record, and storing it as is would make every search answer and
 * reference list carry it. Text is cut (with a note), an address is dropped since a cut one
 * leads nowhere.
 */
export const TEXT_LIMITS = {
  title: 2_000,
  abstract: 20_000,
  container_title: 1_000,
  publisher: 1_000,
  volume: 100,
  issue: 100,
  page: 100,
} as const satisfies Partial<Record<keyof LiteratureRecord, number>>;

export const URL_LIMIT = 2_000;
export const LIST_LIMITS = { authors: 1_000, subjects: 100 } as const;
const LIST_ITEM_LIMIT = 500;

const count = (n: number) => n.toLocaleString('en-US');

/** The record within the limits above, and a note per field that had to change. */
export function capRecordFields(record: LiteratureRecord): {
  record: LiteratureRecord;
  notes: string[];
} {
  const notes: string[] = [];
  const capped: LiteratureRecord = { ...record };
  for (const [field, limit] of Object.entries(TEXT_LIMITS) as [
    keyof typeof TEXT_LIMITS,
    number,
  ][]) {
    const value = capped[field];
    if (typeof value === 'string' && value.length > limit) {
      notes.push(`${field} cut to ${count(limit)} characters (it had ${count(value.length)})`);
      capped[field] = value.slice(0, limit);
    }
  }
  if (capped.url !== null && capped.url.length > URL_LIMIT) {
    notes.push(`url dropped: longer than ${count(URL_LIMIT)} characters`);
    capped.url = null;
  }
  for (const [field, limit] of Object.entries(LIST_LIMITS) as [
    keyof typeof LIST_LIMITS,
    number,
  ][]) {
    const values = capped[field];
    const kept = values.slice(0, limit).map((value) => value.slice(0, LIST_ITEM_LIMIT));
    if (values.length > limit)
      notes.push(`${field}: kept the first ${count(limit)} of ${count(values.length)}`);
    else if (kept.some((value, index) => value !== values[index])) {
      notes.push(`${field}: entries cut to ${count(LIST_ITEM_LIMIT)} characters`);
    }
    capped[field] = kept;
  }
  return { record: capped, notes };
}

/** Whether any text of the record holds U+0000, which PostgreSQL text cannot store. */
export function containsNul(record: LiteratureRecord): boolean {
  return Object.values(record).some((value) =>
    Array.isArray(value)
      ? value.some((item) => typeof item === 'string' && item.includes('\0'))
      : typeof value === 'string' && value.includes('\0'),
  );
}
