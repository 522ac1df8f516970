import { z } from 'zod';
import { CONTENT_LANGUAGE_CODES } from '../../../shared/ai/languages';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import { PAPER_TYPES } from '../../../shared/papers/paper-types';
import type { AppContext } from '../../app-context';
import { refineSection } from '../../ai/structure/refine/refine-section';
import {
  insertRefineSections,
  listRefineSections,
  updateRefineSection,
} from '../../ai/structure/refine/refine-store';
import { refinedStructure } from '../../ai/structure/refine/refined-structure';
import type { SectionWork } from '../../../shared/papers/paper-structure';
import { defineJob, PermanentJobError } from '../job-type';
import { runSectionBySection } from '../section-by-section';

export const REFINE_JOB = 'structure.refine';

const outlineSection = z.object({
  level: z.number().int().min(2).max(5),
  title: z.string(),
  purpose: z.string(),
  works: z.array(z.custom<SectionWork>((value) => typeof value === 'object' && value !== null)),
  refinable: z.boolean(),
});

export const refineJobInput = z.object({
  title: z.string(),
  description: z.string(),
  methodology: z.string(),
  field: z.string(),
  paperType: z.enum(PAPER_TYPES),
  language: z.enum(CONTENT_LANGUAGE_CODES),
  /** The complete filters chosen when the job was started (filtersForRun). */
  filters: z.custom<SearchFilters>((value) => typeof value === 'object' && value !== null),
  /** The uploaded files' text and the wizard's search context. */
  material: z.string(),
  /** The structure job this refinement took over from (001 §4), if any. */
  structureJobId: z.string().nullable(),
  /** Null: the offline expansion. */
  model: z
    .object({
      model_name: z.string(),
      descriptive_name: z.string(),
      cost_per_section: z.number(),
    })
    .nullable(),
  sections: z.array(outlineSection).min(1),
});

export type RefineJobInput = z.infer<typeof refineJobInput>;

class RefineCancelledError extends Error {
  constructor() {
    super('The refinement was cancelled');
  }
}

/**
 * Comprehensive refinement (001 §1 item 3, docs/structure.md): refines the structure heading
 * by heading, each into subsections through the engine. Each heading is a checkpoint row
 * (refine_sections) and, with a model, one charge keyed by job and position, so a run resumed
 * after a crash starts at the first heading not refined yet and never charges a finished one
 * again. A heading that fails is refunded, kept as it was and the job goes on; when every
 * heading fails the job fails with the first error. A cancel aborts the provider call and
 * refunds the heading in progress.
 */
export function refineJob(services: () => AppContext) {
  return defineJob({
    name: REFINE_JOB,
    input: refineJobInput,
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 5,
    async perform({ jobId, ownerId, input, db, log }) {
      if (ownerId === null) throw new Error('A refinement belongs to a user');
      const context = services();
      await insertRefineSections(db, jobId, input.sections);
      const model = input.model
        ? context.ai.instance({ ...input.model, free_tier: false }).instance
        : null;
      const request = {
        ownerId,
        title: input.title,
        description: input.description,
        methodology: input.methodology,
        field: input.field,
        paperType: input.paperType,
        language: input.language,
        filters: input.filters,
        material: input.material,
      };
      const update = updateRefineSection.bind(null, db, jobId);
      const outcome = await runSectionBySection(
        { name: REFINE_JOB, jobId, db, context, log },
        {
          list: () => listRefineSections(db, jobId),
          todo: (row) => row.refinable,
          label: (row) => row.title,
          charge: (row) =>
            input.model && {
              userId: ownerId,
              what: `Structure refinement of "${row.title}" (${input.model.descriptive_name})`,
              costPerSection: input.model.cost_per_section,
            },
          work: async (_row, { index, rows, signal }) => {
            const subsections = await refineSection(context, request, rows, index, model, signal);
            // Cancelled while the answer came: it is not kept, so throwing here refunds it.
            if (signal.aborted) throw new RefineCancelledError();
            return subsections;
          },
          started: (row) => update(row.position, { status: 'refining', startedAt: new Date() }),
          completed: (row, subsections) =>
            update(row.position, {
              status: 'completed',
              subsections,
              error: null,
              completedAt: new Date(),
            }),
          putBack: (row) => update(row.position, { status: 'pending', startedAt: null }),
          failed: (row, error) =>
            update(row.position, { status: 'failed', error, completedAt: new Date() }),
        },
      );
      if (outcome.cancelled) return null;
      const final = await listRefineSections(db, jobId);
      const refinable = final.filter((row) => row.refinable);
      if (refinable.length > 0 && refinable.every((row) => row.status === 'failed')) {
        throw new PermanentJobError(
          outcome.failures[0] ?? refinable[0]?.error ?? 'Every section failed to refine',
        );
      }
      return refinedStructure(input.title, final, input.model === null);
    },
  });
}
