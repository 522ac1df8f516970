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
import type { SectionWork } from '../../ai/structure/structure';
import { withCharge } from '../../billing/with-charge';
import { findJob } from '../job-store';
import { defineJob, PermanentJobError } from '../job-type';

export const REFINE_JOB = 'structure.refine';

/** How often a running job looks whether the user cancelled or discarded it. */
const CANCEL_CHECK_MS = 500;

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
      const cancel = new AbortController();
      const watch = setInterval(() => {
        findJob(db, jobId)
          .then((row) => {
            // Discarding the draft deletes the row: that stops the run like a cancel.
            if (!row || row.status === 'cancelled') cancel.abort();
          })
          .catch(() => undefined);
      }, CANCEL_CHECK_MS);
      const failures: string[] = [];
      try {
        const rows = await listRefineSections(db, jobId);
        for (const [index, row] of rows.entries()) {
          if (cancel.signal.aborted) break;
          if (!row.refinable || row.status === 'completed' || row.status === 'failed') continue;
          await updateRefineSection(db, jobId, row.position, {
            status: 'refining',
            startedAt: new Date(),
          });
          const refine = async () => {
            const subsections = await refineSection(
              context,
              request,
              rows,
              index,
              model,
              cancel.signal,
            );
            // Cancelled while the answer came: it is not kept, so throwing here refunds it.
            if (cancel.signal.aborted) throw new RefineCancelledError();
            return subsections;
          };
          try {
            const subsections = input.model
              ? await withCharge(
                  context,
                  {
                    userId: ownerId,
                    what: `Structure refinement of "${row.title}" (${input.model.descriptive_name})`,
                    idempotencyKey: `${REFINE_JOB}:${jobId}:${row.position}`,
                    costPerSection: input.model.cost_per_section,
                  },
                  refine,
                )
              : await refine();
            await updateRefineSection(db, jobId, row.position, {
              status: 'completed',
              subsections,
              error: null,
              completedAt: new Date(),
            });
          } catch (error) {
            if (cancel.signal.aborted) {
              await updateRefineSection(db, jobId, row.position, {
                status: 'pending',
                startedAt: null,
              });
              break;
            }
            const message = (error as Error).message;
            log('refining a section failed', { jobId, section: row.title, error: message });
            failures.push(message);
            await updateRefineSection(db, jobId, row.position, {
              status: 'failed',
              error: message,
              completedAt: new Date(),
            });
          }
        }
      } finally {
        clearInterval(watch);
      }
      if (cancel.signal.aborted) return null;
      const final = await listRefineSections(db, jobId);
      const refinable = final.filter((row) => row.refinable);
      if (refinable.length > 0 && refinable.every((row) => row.status === 'failed')) {
        throw new PermanentJobError(
          failures[0] ?? refinable[0]?.error ?? 'Every section failed to refine',
        );
      }
      return refinedStructure(input.title, final, input.model === null);
    },
  });
}
