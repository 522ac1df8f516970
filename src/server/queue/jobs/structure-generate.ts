import { z } from 'zod';
import { CONTENT_LANGUAGE_CODES } from '../../../shared/ai/languages';
import { PAPER_TYPES } from '../../../shared/papers/paper-types';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { generateStructure } from '../../ai/structure/generate-structure';
import { withCharge } from '../../billing/with-charge';
import { findJob } from '../job-store';
import { defineJob } from '../job-type';

export const STRUCTURE_JOB = 'structure.generate';

/** What the structure job needs of the process: the engine, the literature and billing. */
export type StructureServices = Pick<AppContext, 'ai' | 'literature' | 'config' | 'database'>;

export const structureJobInput = z.object({
  title: z.string(),
  description: z.string(),
  paperType: z.enum(PAPER_TYPES),
  methodology: z.string(),
  field: z.string(),
  uploadedContent: z.string(),
  language: z.enum(CONTENT_LANGUAGE_CODES),
  /** The complete filters chosen when the job was started (filtersForRun). */
  filters: z.custom<SearchFilters>((value) => typeof value === 'object' && value !== null),
  /** The model chosen for the user when the job was started; null: the offline template. */
  model: z
    .object({
      model_name: z.string(),
      descriptive_name: z.string(),
      cost_per_section: z.number(),
    })
    .nullable(),
});

export type StructureJobInput = z.infer<typeof structureJobInput>;

const STEP_TEXT = {
  planning: 'Planning literature searches',
  searching: 'Searching the literature',
  structuring: 'Generating structure',
} as const;

class StructureCancelledError extends Error {}

/**
 * POST /api/structure's job (docs/structure.md): one structure, charged as one section at the
 * chosen model's price. The charge is held for the run and settled with the result; a failure
 * refunds it, and so does a cancel (Discard) that arrives before the result is stored. A retry
 * after a crash reuses the held charge (same key), so a structure is paid once.
 */
export function structureJob(context: () => AppContext) {
  return defineJob({
    name: STRUCTURE_JOB,
    input: structureJobInput,
    retryLimit: 1,
    retryDelaySeconds: 2,
    expireInSeconds: 15 * 60,
    async perform({ jobId, ownerId, input, db, reportProgress }) {
      if (ownerId === null) throw new Error('A structure belongs to a user');
      const services: StructureServices = context();
      const request = { ...input, ownerId };
      const generate = () =>
        generateStructure(
          services,
          request,
          input.model ? services.ai.instance({ ...input.model, free_tier: false }).instance : null,
          (step) => reportProgress({ currentOperation: STEP_TEXT[step] }),
        );
      if (!input.model) return generate();
      const model = input.model;
      try {
        return await withCharge(
          services,
          {
            userId: ownerId,
            what: `Paper structure (${model.descriptive_name})`,
            idempotencyKey: `structure:${jobId}`,
            costPerSection: model.cost_per_section,
          },
          async () => {
            const result = await generate();
            // Cancelled (or its draft discarded) while it ran: the result is not kept, so
            // throwing here refunds the charge.
            const row = await findJob(db, jobId);
            if (!row || row.status === 'cancelled') throw new StructureCancelledError();
            return result;
          },
        );
      } catch (error) {
        if (error instanceof StructureCancelledError) return null;
        throw error;
      }
    },
  });
}
