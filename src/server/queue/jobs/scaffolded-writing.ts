import { z } from 'zod';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { Model } from '../../../shared/ai/model';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { authorizedPaper } from '../../policies/paper-policy';
import { writeJobSection } from '../../ai/writing/write-job-section';
import {
  insertWritingSections,
  listWritingSections,
  updateWritingSection,
} from '../../ai/writing/writing-store';
import { defineJob } from '../job-type';
import { runSectionBySection } from '../section-by-section';

export const SCAFFOLDED_WRITING_JOB = 'scaffolded-writing';

const plannedSection = z.object({
  // Jobs queued before sections carried their index find them by title (-1).
  sectionIndex: z.number().int().default(-1),
  sectionNumber: z.string(),
  sectionTitle: z.string(),
  sectionLevel: z.number().int(),
  customInstructions: z.object({ instructions: z.string(), systemPrompt: z.string() }).nullable(),
  // Jobs queued before the start was recorded replace nothing typed: their base is empty.
  baseContent: z.string().default(''),
});

export const scaffoldedWritingInput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), isAdmin: z.boolean() }),
  paperType: z.string(),
  model: z.custom<Model>((value) => typeof value === 'object' && value !== null),
  language: z.custom<ContentLanguage>((value) => typeof value === 'string'),
  filters: z.custom<SearchFilters>((value) => typeof value === 'object' && value !== null),
  reasoning: z.string(),
  /** In writing order. */
  sections: z.array(plannedSection).min(1),
});

export type ScaffoldedWritingInput = z.infer<typeof scaffoldedWritingInput>;

/**
 * The AI Writing Process (001 §1 item 2): writes the chosen sections one at a time in the
 * chosen order, each through the engine's section pipeline knowing what the earlier ones said.
 * Each section is a checkpoint row (writing_sections) and one charge keyed by job and
 * position, so a run resumed after a crash starts at the first unfinished section and never
 * charges a finished one again. A failed section is refunded and the job goes on; a cancel
 * aborts the provider call and refunds the section in progress.
 */
export function scaffoldedWritingJob(services: () => AppContext) {
  return defineJob({
    name: SCAFFOLDED_WRITING_JOB,
    input: scaffoldedWritingInput,
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 5,
    async perform({ jobId, ownerId, paperId, input, db, log }) {
      if (ownerId === null || paperId === null) throw new Error('A writing job belongs to a paper');
      const context = services();
      // The job runs as the person who started it, who must still be allowed to edit.
      const paper = await authorizedPaper(db, { id: ownerId }, 'edit', paperId);
      await insertWritingSections(db, jobId, input.sections);
      const model = context.ai.instance(input.model);
      const update = updateWritingSection.bind(null, db, jobId);
      const outcome = await runSectionBySection(
        { name: SCAFFOLDED_WRITING_JOB, jobId, db, context, log },
        {
          list: () => listWritingSections(db, jobId),
          label: (row) => row.sectionNumber,
          charge: (row) => ({
            userId: ownerId,
            what: `AI writing of section ${row.sectionNumber} (${input.model.descriptive_name})`,
            costPerSection: input.model.cost_per_section,
          }),
          work: async (row, { signal }) =>
            writeJobSection(context, {
              user: input.user,
              paper,
              paperType: input.paperType,
              model,
              language: input.language,
              filters: input.filters,
              section: row,
              // What the sections written before this one said, as they are stored now.
              written: (await listWritingSections(db, jobId)).filter(
                (section) => section.status === 'completed',
              ),
              signal,
            }),
          started: (row) => update(row.position, { status: 'writing', startedAt: new Date() }),
          completed: (row, result) =>
            update(row.position, {
              status: 'completed',
              content: result.content,
              citations: result.citations,
              flags: result.flags,
              completedAt: new Date(),
            }),
          putBack: (row) => update(row.position, { status: 'pending', startedAt: null }),
          failed: (row, error) =>
            update(row.position, { status: 'failed', error, completedAt: new Date() }),
        },
      );
      return { written: outcome.completed };
    },
  });
}
