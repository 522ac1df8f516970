import { z } from 'zod';
import { partialFiltersShape } from '../../../ai/search/partial-filters';

const MAX_SECTIONS = 500;

const sectionIndex = z.number().int().min(0).max(100_000);

export const outlineSection = z.object({
  /** Index in splitSections of the paper; display numbers repeat, this does not. */
  sectionIndex: sectionIndex.optional(),
  sectionNumber: z.union([z.string().max(50), z.number()]).transform(String),
  sectionTitle: z.string().max(2000),
  sectionLevel: z.coerce.number().int().min(0).max(6),
});

/** POST /api/scaffolded-writing/sequence (001 §7), plus the optional selectedModel. */
export const sequenceBody = z.object({
  paperId: z.string().min(1, 'paperId is required'),
  paperType: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value ?? undefined),
  sections: z
    .array(outlineSection)
    .min(1, 'At least one section is required')
    .max(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`),
  selectedModel: z.string().max(300).nullish(),
});

const customInstructions = z
  .object({
    instructions: z.string().max(20_000).default(''),
    systemPrompt: z.string().max(20_000).default(''),
  })
  .nullish()
  .transform((value) => value ?? null);

/** POST /api/scaffolded-writing/start (001 §7). */
export const startBody = z.object({
  paperId: z.string().min(1, 'paperId is required'),
  paperType: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value ?? undefined),
  // The order: section indexes, or the sections /sequence answered.
  sequence: z
    .array(
      z.union([
        sectionIndex,
        z.object({ sectionIndex }).transform((section) => section.sectionIndex),
      ]),
    )
    .nullish()
    .transform((value) => value ?? undefined),
  sections: z
    .array(outlineSection.extend({ sectionIndex, customInstructions }))
    .min(1, 'At least one section is required')
    .max(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`),
  selectedModel: z.string().max(300).nullish(),
  selectedLanguage: z.string().max(20).nullish(),
  references: z.array(z.unknown()).nullish(),
  filters: partialFiltersShape.nullish().transform((value) => value ?? undefined),
  reasoning: z.string().max(20_000).nullish(),
});

export const jobParams = z.object({ jobId: z.uuid() });
export const paperParams = z.object({ paperId: z.uuid() });
