import { z } from 'zod';
import { partialFiltersShape } from '../../../ai/search/partial-filters';
import { PAPER_TYPES } from '../../../../shared/papers/paper-types';

const MAX_SECTIONS = 300;

const text = (name: string, max: number) =>
  z.string().max(max, `${name} is too long (${max.toLocaleString('en-US')} characters at most)`);

/** A heading of the tree: the structure's shape ({level, title, purpose, works}) or 001 §3's. */
const sentSection = z.object({
  level: z.coerce.number().int().min(0).max(6).optional(),
  sectionLevel: z.coerce.number().int().min(0).max(6).optional(),
  title: text('Section title', 500).optional(),
  sectionTitle: text('Section title', 500).optional(),
  purpose: text('Purpose', 2000)
    .nullish()
    .transform((value) => value ?? undefined),
  works: z
    .array(z.object({ refId: z.string().max(100) }).passthrough())
    .max(50)
    .optional(),
  references: z
    .array(z.union([z.string().max(100), z.object({ refId: z.string().max(100) }).passthrough()]))
    .max(200)
    .optional(),
});

/** An uploaded file as the wizard holds it: its text, or an object carrying it. */
const sentFile = z.union([
  text('File', 2_000_000),
  z
    .object({ content: text('File', 2_000_000).nullish(), name: z.string().max(500).nullish() })
    .passthrough(),
]);

/** POST /api/refine-structure (001 §7 'Refinement'). */
export const refineBody = z.object({
  title: text('Title', 500).nullish(),
  description: text('Description', 20_000).nullish(),
  methodology: text('Methodology', 2000).nullish(),
  field: text('Field', 2000).nullish(),
  paperType: z.enum(PAPER_TYPES, { message: 'Paper type is not supported' }).nullish(),
  content: text('Content', 2_000_000).nullish(),
  filters: partialFiltersShape.nullish().transform((value) => value ?? undefined),
  selectedModel: z.string().max(300).nullish(),
  selectedLanguage: z.string().max(20).nullish(),
  sections: z
    .array(sentSection)
    .max(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections can be refined at once`)
    .nullish(),
  files: z.array(sentFile).max(50).nullish(),
  searchContext: text('Search context', 20_000).nullish(),
  structureJobId: z.string().max(100).nullish(),
  paperId: z.string().max(100).nullish(),
});

export type RefineBody = z.infer<typeof refineBody>;

export const jobParams = z.object({ jobId: z.string().uuid() });
