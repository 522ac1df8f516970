import { z } from 'zod';
import type { Model } from '../../../shared/ai/model';
import type { AppContext } from '../../app-context';
import { findDataFile } from '../../analysis/data-files/data-file-store';
import { runAnalysisStep } from '../../analysis/engine/run-analysis-step';
import { conversationBefore } from '../../analysis/steps/conversation-history';
import { findOwnedStep, insertStep } from '../../analysis/steps/step-store';
import { withCharge } from '../../billing/with-charge';
import { defineJob } from '../job-type';

export const DATA_ANALYSIS_JOB = 'data-analysis';

export const dataAnalysisInput = z.object({
  conversationId: z.string(),
  fileId: z.string(),
  question: z.string(),
  /** The model chosen when the step was asked; null: the automatic notebook. */
  model: z.custom<Model>((value) => typeof value === 'object' && value !== null).nullable(),
});

/**
 * One step of a data-analysis conversation (POST /api/data-analysis): charged as one section
 * at the chosen model's price, refunded when the step fails. The step row holds the plan and
 * every executed cell as checkpoints; a retry after a crash reuses the held charge (same key)
 * and continues from them in a rebuilt kernel.
 */
export function dataAnalysisJob(services: () => AppContext) {
  return defineJob({
    name: DATA_ANALYSIS_JOB,
    // A conversation's steps build on each other: one at a time (issue 31.4).
    lane: (input, ownerId) => `${ownerId ?? ''}:${input.conversationId}`,
    input: dataAnalysisInput,
    // Three: a run the server died under counts as a try, and the step's own count of a cell's
    // starts (run-analysis-step.ts) fails it, refunded, at the third start; with fewer the queue
    // would give up first and leave the charge held until the stale-hold sweep.
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 10,
    async perform({ jobId, ownerId, input, db, reportProgress }) {
      if (ownerId === null) throw new Error('An analysis belongs to a user');
      const context = services();
      await insertStep(db, {
        id: jobId,
        ownerId,
        conversationId: input.conversationId,
        fileId: input.fileId,
        question: input.question,
        automatic: input.model === null,
      });
      const found = await findOwnedStep(db, ownerId, jobId);
      if (!found) throw new Error('The analysis step no longer exists');
      const { step } = found;
      const file = step.fileId ? await findDataFile(db, ownerId, step.fileId) : undefined;
      if (!file) throw new Error('The data file was deleted');
      const earlier = await conversationBefore(db, step);
      const run = () =>
        runAnalysisStep({
          db,
          analysis: context.analysis,
          step,
          file,
          model: input.model ? context.ai.instance(input.model).instance : null,
          history: earlier.history,
          earlierCode: earlier.code,
          progress: reportProgress,
        });
      if (!input.model) return run();
      return withCharge(
        context,
        {
          userId: ownerId,
          what: `Data analysis (${input.model.descriptive_name})`,
          idempotencyKey: `${DATA_ANALYSIS_JOB}:${jobId}`,
          costPerSection: input.model.cost_per_section,
        },
        run,
      );
    },
  });
}
