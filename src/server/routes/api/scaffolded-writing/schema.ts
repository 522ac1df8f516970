import { z } from 'zod';

const MAX_SECTIONS = 500;

export const outlineSection = z.object({
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
