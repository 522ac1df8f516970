import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  validateEndYear,
  validateMinCitations,
  validateStartYear,
} from '../../../../shared/literature/search-filters';

/** A spec validator as a zod refinement, so the spec's exact message is the 400's error. */
const checked = (validate: (value: unknown) => string | null) =>
  z.unknown().superRefine((value, context) => {
    const message = validate(value);
    if (message) context.addIssue({ code: 'custom', message });
  });

const optionalChecked = (validate: (value: unknown) => string | null) =>
  z.preprocess((value) => (value === '' ? undefined : value), checked(validate).optional());

const documentTypes = z
  .partialRecord(z.enum(DOCUMENT_TYPES), z.boolean())
  .or(
    z
      .array(z.enum(DOCUMENT_TYPES))
      .transform((list) => Object.fromEntries(list.map((t) => [t, true]))),
  )
  .optional();

/** POST /api/search (spec 002 §7), validated as §5 says. */
export const searchBody = z.object({
  n: z.number({ message: 'n must be a number' }).int().min(1).max(1000).default(100),
  paperId: z.string().optional().nullable(),
  q: z.string().max(2000, 'The query is too long').default(''),
  includeText: z.string().max(2000).default(''),
  excludeText: z.string().max(2000).default(''),
  yearStart: optionalChecked(validateStartYear),
  yearEnd: optionalChecked(validateEndYear),
  includeUndated: z.boolean().default(true),
  minCitations: optionalChecked(validateMinCitations),
  documentTypes,
  /** 'library': answer from this server's library at once, outside sources reported pending. */
  stage: z.enum(['library', 'all']).default('all'),
});

export type SearchBody = z.output<typeof searchBody>;
