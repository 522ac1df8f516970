import { z } from 'zod';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { Model } from '../../../shared/ai/model';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { REWRITE_TASK_TYPES } from '../../db/schema';
import { authorizedPaper } from '../../policies/paper-policy';
import { rewriteJobSection } from '../../ai/rewrite-paper/rewrite-job-section';
import {
  insertRewriteSections,
  listRewriteSections,
  updateRewriteSection,
} from '../../ai/rewrite-paper/rewrite-store';
import { defineJob } from '../job-type';
import { runSectionBySection } from '../section-by-section';

export const PAPER_REWRITE_JOB = 'paper-rewrite';

const plannedRewrite = z.object({
  sectionIndex: z.number().int(),
  sectionNumber: z.string(),
  sectionTitle: z.string(),
  sectionLevel: z.number().int(),
  originalContent: z.string(),
  taskType: z.enum(REWRITE_TASK_TYPES),
  customInstructions: z.string(),
  enableLiteratureSearch: z.boolean(),
});

export const paperRewriteInput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), isAdmin: z.boolean() }),
  paperType: z.string(),
  model: z.custom<Model>((value) => typeof value === 'object' && value !== null),
  language: z.custom<ContentLanguage>((value) => typeof value === 'string'),
  filters: z.custom<SearchFilters>((value) => typeof value === 'object' && value !== null),
  /** In document order. */
  sections: z.array(plannedRewrite).min(1),
});

/**
 * Rewrite Paper (001 §1 item 1): rewrites the chosen sections one at a time through the
 * engine's section pipeline. Each section is a checkpoint row (rewrite_sections) and one charge
 * keyed by job and position, so a run resumed after a crash starts at the first unfinished
 * section and never charges a finished one again. A failed section is refunded and the job goes
 * on; a cancel aborts the provider call and refunds the section in progress. The paper itself is
 * not changed: the user saves the results from the modal.
 */
export function paperRewriteJob(services: () => AppContext) {
  return defineJob({
    name: PAPER_REWRITE_JOB,
    input: paperRewriteInput,
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 5,
    async perform({ jobId, ownerId, paperId, input, db, log }) {
      if (ownerId === null || paperId === null) throw new Error('A rewrite belongs to a paper');
      const context = services();
      // The job runs as the person who started it, who must still be allowed to edit.
      const paper = await authorizedPaper(db, { id: ownerId }, 'edit', paperId);
      await insertRewriteSections(db, jobId, input.sections);
      const model = context.ai.instance(input.model);
      const update = updateRewriteSection.bind(null, db, jobId);
      const outcome = await runSectionBySection(
        { name: PAPER_REWRITE_JOB, jobId, db, context, log },
        {
          list: () => listRewriteSections(db, jobId),
          label: (row) => row.sectionNumber,
          charge: (row) => ({
            userId: ownerId,
            what: `Rewrite of section ${row.sectionNumber} (${input.model.descriptive_name})`,
            costPerSection: input.model.cost_per_section,
          }),
          work: (row, { signal }) =>
            rewriteJobSection(context, {
              user: input.user,
              paper,
              paperType: input.paperType,
              model,
              language: input.language,
              filters: input.filters,
              section: row,
              signal,
            }),
          started: (row) => update(row.position, { status: 'processing', startedAt: new Date() }),
          completed: (row, result) =>
            update(row.position, {
              status: 'completed',
              content: result.content,
              citations: result.citations,
              removedCitations: result.removedCitations,
              completedAt: new Date(),
            }),
          putBack: (row) => update(row.position, { status: 'not_started', startedAt: null }),
          failed: (row, error) =>
            update(row.position, { status: 'failed', error, completedAt: new Date() }),
        },
      );
      return { rewritten: outcome.completed };
    },
  });
}
