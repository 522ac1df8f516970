import { randomUUID } from 'node:crypto';
import type {
  AnalysisStage,
  CodeCell,
  MarkdownCell,
  NotebookOutput,
} from '../../../shared/analysis/notebook';
import type { CellRun } from '../kernel/kernel-runner';

const cellId = () => randomUUID().replace(/-/g, '').slice(0, 12);

export function markdownCell(source: string, stage: AnalysisStage): MarkdownCell {
  return { cell_type: 'markdown', id: cellId(), source, metadata: { scriptor: { stage } } };
}

/** nbclient's tag for a cell it does not run. */
export const SKIP_TAG = 'skip-execution';

/**
 * An executed code cell. A failed attempt is tagged 'raises-exception', so the downloaded
 * notebook re-runs past it with nbclient the way it ran here. One a limit stopped (an endless
 * loop, a flood of output) is also tagged 'skip-execution': a re-run would only hit the limit
 * again, or hang where no limit is set.
 */
export function codeCell(source: string, run: CellRun, attempt: number): CodeCell {
  const tags =
    run.status === 'killed'
      ? ['raises-exception', SKIP_TAG]
      : run.status === 'error'
        ? ['raises-exception']
        : null;
  return {
    cell_type: 'code',
    id: cellId(),
    source,
    execution_count: run.executionCount,
    outputs: run.outputs,
    metadata: {
      ...(tags ? { tags } : {}),
      scriptor: { stage: 'analysis', attempt },
    },
  };
}

// ESC [ … letter: a terminal colour code.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/** An output as text for a prompt (figures are named, not sent), cut to `limit` characters. */
export function outputText(outputs: NotebookOutput[], limit = 3000): string {
  const text = outputs
    .map((output) => {
      switch (output.output_type) {
        case 'stream':
          return output.text;
        case 'error':
          return output.traceback.join('\n').replace(ANSI, '');
        default: {
          const plain = output.data['text/plain'];
          const figure = 'image/png' in output.data ? '[figure]\n' : '';
          return figure + (typeof plain === 'string' ? plain : '');
        }
      }
    })
    .join('\n')
    // Only blank lines: a table's first line starts with the spaces that align its header.
    .replace(/^\n+/, '')
    .trimEnd();
  return text.length > limit ? `${text.slice(0, limit)}\n…(cut)` : text;
}

export function hasFigure(outputs: NotebookOutput[]): boolean {
  return outputs.some(
    (output) =>
      (output.output_type === 'display_data' || output.output_type === 'execute_result') &&
      typeof output.data['image/png'] === 'string',
  );
}
