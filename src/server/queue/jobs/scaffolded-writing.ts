import { z } from 'zod';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { Model } from '../../../shared/ai/model';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { withCharge } from '../../billing/with-charge';
import { findOwnedPaper } from '../../papers/paper-store';
import { SectionCancelledError, writeJobSection } from '../../ai/writing/write-job-section';
import {
  insertWritingSections,
  listWritingSections,
  updateWritingSection,
} from '../../ai/writing/writing-store';
import { findJob } from '../job-store';
import { defineJob } from '../job-type';

export const SCAFFOLDED_WRITING_JOB = 'scaffolded-writing';

/** How often a running job looks whether the user cancelled or discarded it. */
const CANCEL_CHECK_MS = 500;

const plannedSection = z.object({
  // Jobs queued before sections carried their index find them by title (-1).
  sectionIndex: z.number().int().default(-1),
  sectionNumber: z.string(),
  sectionTitle: z.string(),
  sectionLevel: z.number().int(),
  customInstructions: z.object({ instructions: z.string(), systemPrompt: z.string() }).nullable(),
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
      const paper = await findOwnedPaper(db, ownerId, paperId);
      if (!paper) throw new Error('The paper no longer exists');
      await insertWritingSections(db, jobId, input.sections);
      const model = context.ai.instance(input.model);
      const cancel = new AbortController();
      const watch = setInterval(() => {
        findJob(db, jobId)
          .then((row) => {
            // Discarding deletes the row: that stops the run like a cancel.
            if (!row || row.status === 'cancelled') cancel.abort();
          })
          .catch(() => undefined);
      }, CANCEL_CHECK_MS);
      let written = 0;
      try {
        for (const row of await listWritingSections(db, jobId)) {
          if (cancel.signal.aborted) break;
          if (row.status === 'completed' || row.status === 'failed') continue;
          const done = (await listWritingSections(db, jobId)).filter(
            (section) => section.status === 'completed',
          );
          await updateWritingSection(db, jobId, row.position, {
            status: 'writing',
            startedAt: new Date(),
          });
          try {
            const result = await withCharge(
              context,
              {
                userId: ownerId,
                what: `AI writing of section ${row.sectionNumber} (${input.model.descriptive_name})`,
                idempotencyKey: `${SCAFFOLDED_WRITING_JOB}:${jobId}:${row.position}`,
                costPerSection: input.model.cost_per_section,
              },
              () =>
                writeJobSection(context, {
                  user: input.user,
                  paper,
                  paperType: input.paperType,
                  model,
                  language: input.language,
                  filters: input.filters,
                  section: row,
                  written: done,
                  signal: cancel.signal,
                }),
            );
            await updateWritingSection(db, jobId, row.position, {
              status: 'completed',
              content: result.content,
              citations: result.citations,
              flags: result.flags,
              completedAt: new Date(),
            });
            written += 1;
          } catch (error) {
            if (error instanceof SectionCancelledError) {
              await updateWritingSection(db, jobId, row.position, {
                status: 'pending',
                startedAt: null,
              });
              break;
            }
            log('writing a section failed', {
              jobId,
              section: row.sectionNumber,
              error: (error as Error).message,
            });
            await updateWritingSection(db, jobId, row.position, {
              status: 'failed',
              completedAt: new Date(),
            });
          }
        }
      } finally {
        clearInterval(watch);
      }
      return { written };
    },
  });
}
