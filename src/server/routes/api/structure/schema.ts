import { z } from 'zod';
import { partialFiltersShape } from '../../../ai/search/partial-filters';
import { PAPER_TYPES } from '../../../../shared/papers/paper-types';

const text = (name: string, max: number) =>
  z.string().max(max, `${name} is too long (${max.toLocaleString('en-US')} characters at most)`);

/**
 * POST /api/structure (001 §7). Title and description answer with the spec's texts (001 §5)
 * without a field prefix, so the wizard can show them as they are.
 */
export const structureBody = z
  .object({
    title: text('Title', 500).nullish(),
    description: text('Description', 20_000).nullish(),
    paperType: z
      .enum(PAPER_TYPES, { message: 'Paper type is not supported' })
      .default('scientific'),
    methodology: text('Methodology', 2000).nullish(),
    field: text('Field', 2000).nullish(),
    paperId: z.string().nullish(),
    uploadedContent: text('Uploaded content', 2_000_000).nullish(),
    selectedModel: z.string().max(300).nullish(),
    selectedLanguage: z.string().max(20).nullish(),
    filters: partialFiltersShape.nullish().transform((value) => value ?? undefined),
  })
  .superRefine((body, context) => {
    if (!body.title?.trim()) context.addIssue({ code: 'custom', message: 'Title is required' });
    else if (!body.description?.trim()) {
      context.addIssue({ code: 'custom', message: 'Description is required' });
    }
  });

export const structureQuery = z.object({ jobId: z.string().optional() });
