import { z } from 'zod';
import { emptyRecord, type RecordConversion } from './literature-record';
import { cleanText } from './text-cleanup';

/** BEIR corpus lines: {"_id", "title", "text", "metadata"}; only the first three matter. */
const beirSchema = z.object({
  _id: z.union([z.string(), z.number()]).transform(String),
  title: z.unknown().optional(),
  text: z.unknown().optional(),
});

export function beirToRecord(value: unknown): RecordConversion {
  const parsed = beirSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'BEIR document without an _id' };
  const title = cleanText(parsed.data.title);
  if (title === null) return { ok: false, reason: 'missing title' };
  const record = emptyRecord('beir', parsed.data._id, title);
  record.abstract = cleanText(parsed.data.text);
  return { ok: true, record };
}
