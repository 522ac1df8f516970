import { z } from 'zod';
import { CONTENT_LANGUAGE_CODES } from '../../../../shared/ai/languages';
import { REWRITE_ACTIONS } from '../../../../shared/ai/rewrite-presets';
import { partialFiltersShape } from '../../../ai/search/partial-filters';

const MAX_DOCUMENT = 2_000_000;
const MAX_TEXT = 200_000;

const text = (max: number) => z.string().max(max, 'The text is too long');

/** A null field means the field was not given (scripts and other clients send null freely). */
const withoutNulls = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null))
    : value;

/** POST /api/rewrite and /api/refine (000 §7) plus the optional additions of docs/ai-api.md. */
const rewriteFields = z.object({
  text: text(MAX_DOCUMENT).default(''),
  sectionNumber: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value))),
  // The section's index in splitSections(text); numbers repeat under each level-1 heading.
  sectionIndex: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((value) => value ?? undefined),
  sectionLevel: z.coerce.number().int().min(0).max(6).default(2),
  sectionTitle: text(2000).default(''),
  currentSection: text(MAX_TEXT).default(''),
  currentParagraph: text(MAX_TEXT)
    .nullish()
    .transform((value) => value ?? ''),
  updatedSectionSoFar: text(MAX_TEXT)
    .nullish()
    .transform((value) => value ?? ''),
  paperId: z.string().min(1, 'paperId is required'),
  taskExplanation: text(20_000).default(''),
  paperType: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value ?? undefined),
  filters: partialFiltersShape.nullish().transform((value) => value ?? undefined),
  selectedModel: z.string().max(300).nullish(),
  action: z.enum(REWRITE_ACTIONS).optional(),
  enableLiteratureSearch: z.boolean().default(true),
});

export const rewriteBody = z.preprocess(withoutNulls, rewriteFields);

export const summarizeBody = z.object({
  doi: z.string().trim().min(1, 'doi is required').max(500),
  paperId: z.string().min(1, 'paperId is required'),
});

export const chunkAnalysisBody = z.object({
  text: text(20_000),
  paperId: z.string().min(1, 'paperId is required'),
});

export const citationCheckBody = z.object({
  refIds: z
    .array(z.string().regex(/^ref_[a-z0-9]{8}$/, 'Invalid refId'))
    .max(2000)
    .nullish()
    .transform((value) => value ?? undefined),
});

export const aiSettingsBody = z.object({
  selectedModel: z.string().max(300).nullish(),
  contentLanguage: z.string().max(10).optional(),
});

export { CONTENT_LANGUAGE_CODES };
