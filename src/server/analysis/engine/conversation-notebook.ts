import { notebookOf, type Notebook } from '../../../shared/analysis/notebook';
import type { StepRow } from '../steps/step-store';

/**
 * The notebook of one or more steps, in nbformat 4.5: their cells in order, every executed
 * attempt included, so the download is an honest record that re-runs top to bottom next to
 * the data file.
 */
export function conversationNotebook(steps: StepRow[]): Notebook {
  return notebookOf(
    steps.flatMap((step) => step.cells),
    {
      scriptor: {
        steps: steps.map((step) => ({
          stepId: step.id,
          question: step.question,
          automatic: step.automatic,
        })),
      },
    },
  );
}
