import { z } from 'zod';
import { taskExplanation } from '../../../../shared/ai/rewrite-presets';
import { REWRITE_TASK_TYPES } from '../../../db/schema';
import { partialFiltersShape } from '../../../ai/search/partial-filters';

const MAX_SECTIONS = 500;
const absentIfNull = <T>(value: T | null | undefined) => value ?? undefined;

const sectionNumber = z.union([z.string().max(50), z.number()]).transform(String);

/** A string, or 001 §3 'Custom instructions' ({instructions, systemPrompt}) joined as 000 §7. */
const customInstructions = z
  .union([
    z.string().max(20_000),
    z.object({
      instructions: z.string().max(20_000).default(''),
      systemPrompt: z.string().max(20_000).default(''),
    }),
  ])
  .nullish()
  .transform((value) =>
    typeof value === 'string'
      ? value
      : value
        ? taskExplanation(value.systemPrompt, value.instructions)
        : '',
  );

const section = z.object({
  sectionIndex: z.number().int().min(0).nullish().transform(absentIfNull),
  sectionNumber,
  sectionTitle: z.string().max(2000).nullish(),
  // The stored paper is what gets rewritten; the client's copy of the text is not used.
  contentMarkdown: z.string().nullish(),
  references: z.array(z.unknown()).nullish(),
  shouldRewrite: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  customInstructions,
  enableLiteratureSearch: z.boolean().nullish().transform(absentIfNull),
});

const task = z.object({
  sectionIndex: z.number().int().min(0).nullish().transform(absentIfNull),
  sectionNumber: sectionNumber.nullish().transform(absentIfNull),
  type: z
    .enum(REWRITE_TASK_TYPES)
    .nullish()
    .transform((value) => value ?? 'rewrite_enrich'),
  customInstructions,
  enableLiteratureSearch: z.boolean().nullish().transform(absentIfNull),
});

/** POST /api/paper-rewrite/start (001 §7), plus each section's optional sectionIndex. */
export const startBody = z.object({
  paperId: z.string().min(1, 'paperId is required'),
  paperType: z.string().max(100).nullish().transform(absentIfNull),
  sections: z
    .array(section)
    .min(1, 'At least one section is required')
    .max(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`),
  tasks: z.array(task).max(MAX_SECTIONS, `At most ${MAX_SECTIONS} tasks`).default([]),
  allReferences: z.array(z.unknown()).nullish(),
  filters: partialFiltersShape.nullish().transform(absentIfNull),
  selectedModel: z.string().max(300).nullish(),
});

export const paperParams = z.object({ paperId: z.uuid() });
