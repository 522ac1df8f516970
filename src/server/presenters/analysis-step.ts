import type { JobStatus } from '../db/schema';
import { conversationNotebook } from '../analysis/engine/conversation-notebook';
import type { StepRow } from '../analysis/steps/step-store';

/** GET /api/data-analysis/job (spec 002 §7): {status, result, trace} with the step's notebook. */
export function presentStep(row: {
  step: StepRow;
  status: JobStatus;
  progress: unknown;
  error: string | null;
}) {
  const { step } = row;
  return {
    stepId: step.id,
    conversationId: step.conversationId,
    fileId: step.fileId,
    question: step.question,
    automatic: step.automatic,
    status: row.status,
    progress: row.progress ?? null,
    text: step.text,
    result: row.status === 'completed' ? { report: step.report ?? '' } : null,
    trace: conversationNotebook([step]),
    error: row.status === 'failed' ? row.error : null,
    paperId: step.paperId,
    createdAt: step.createdAt.toISOString(),
  };
}
