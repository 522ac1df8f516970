import { z } from 'zod';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { Model } from '../../../shared/ai/model';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { withCharge } from '../../billing/with-charge';
import { REWRITE_TASK_TYPES } from '../../db/schema';
import { findOwnedPaper } from '../../papers/paper-store';
import { rewriteJobSection } from '../../ai/rewrite-paper/rewrite-job-section';
import {
  insertRewriteSections,
  listRewriteSections,
  updateRewriteSection,
} from '../../ai/rewrite-paper/rewrite-store';
import { SectionCancelledError } from '../../ai/writer/collect-section';
import { findJob } from '../job-store';
import { defineJob } from '../job-type';

export const PAPER_REWRITE_JOB = 'paper-rewrite';

/** How often a running job looks whether the user cancelled it. */
const CANCEL_CHECK_MS = 500;

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
      const paper = await findOwnedPaper(db, ownerId, paperId);
      if (!paper) throw new Error('The paper no longer exists');
      await insertRewriteSections(db, jobId, input.sections);
      const model = context.ai.instance(input.model);
      const cancel = new AbortController();
      const watch = setInterval(() => {
        findJob(db, jobId)
          .then((row) => {
            if (!row || row.status === 'cancelled') cancel.abort();
          })
          .catch(() => undefined);
      }, CANCEL_CHECK_MS);
      let rewritten = 0;
      try {
        for (const row of await listRewriteSections(db, jobId)) {
          if (cancel.signal.aborted) break;
          if (row.status === 'completed' || row.status === 'failed') continue;
          await updateRewriteSection(db, jobId, row.position, {
            status: 'processing',
            startedAt: new Date(),
          });
          try {
            const result = await withCharge(
              context,
              {
                userId: ownerId,
                what: `Rewrite of section ${row.sectionNumber} (${input.model.descriptive_name})`,
                idempotencyKey: `${PAPER_REWRITE_JOB}:${jobId}:${row.position}`,
                costPerSection: input.model.cost_per_section,
              },
              () =>
                rewriteJobSection(context, {
                  user: input.user,
                  paper,
                  paperType: input.paperType,
                  model,
                  language: input.language,
                  filters: input.filters,
                  section: row,
                  signal: cancel.signal,
                }),
            );
            await updateRewriteSection(db, jobId, row.position, {
              status: 'completed',
              content: result.content,
              citations: result.citations,
              removedCitations: result.removedCitations,
              completedAt: new Date(),
            });
            rewritten += 1;
          } catch (error) {
            if (error instanceof SectionCancelledError) {
              await updateRewriteSection(db, jobId, row.position, {
                status: 'not_started',
                startedAt: null,
              });
              break;
            }
            const message = (error as Error).message;
            log('rewriting a section failed', {
              jobId,
              section: row.sectionNumber,
              error: message,
            });
            await updateRewriteSection(db, jobId, row.position, {
              status: 'failed',
              error: message,
              completedAt: new Date(),
            });
          }
        }
      } finally {
        clearInterval(watch);
      }
      return { rewritten };
    },
  });
}
