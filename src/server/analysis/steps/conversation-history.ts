import type { CodeCell } from '../../../shared/analysis/notebook';
import type { Db } from '../../db/database';
import { listConversationSteps, type StepRow } from './step-store';

/**
 * What a step knows of its conversation: the earlier completed steps on the same file, as
 * questions and reports for the prompt and as the code that ran well, to rebuild a kernel.
 */
export async function conversationBefore(db: Db, step: StepRow) {
  const steps = await listConversationSteps(db, step.ownerId, step.conversationId);
  const earlier = steps.filter(
    (row) =>
      row.status === 'completed' &&
      row.step.fileId === step.fileId &&
      row.step.createdAt < step.createdAt,
  );
  return {
    history: earlier
      .map((row) => `Question: ${row.step.question}\nAnswer: ${row.step.report ?? ''}`)
      .join('\n\n'),
    code: earlier.flatMap((row) =>
      row.step.cells
        .filter((cell): cell is CodeCell => cell.cell_type === 'code' && !cell.metadata.tags)
        .map((cell) => cell.source),
    ),
  };
}
