import type { Notebook } from '../../shared/analysis/notebook';

/** The last figure the step's successful code drew, as bare base64 PNG, if any. */
export function lastFigure(notebook: Notebook): string | null {
  let figure: string | null = null;
  for (const cell of notebook.cells) {
    if (cell.cell_type !== 'code' || cell.metadata.tags?.includes('raises-exception')) continue;
    for (const output of cell.outputs) {
      if (output.output_type !== 'display_data' && output.output_type !== 'execute_result')
        continue;
      const png = output.data['image/png'];
      if (typeof png === 'string') figure = png.replace(/\s+/g, '');
    }
  }
  return figure;
}

/**
 * What 'Insert into paper' adds at the cursor: the figure as an embedded image, captioned with
 * the question, then the report as the Results paragraph.
 */
export function resultMarkdown(question: string, report: string, figure: string | null): string {
  const caption = question.replace(/[[\]\n]/g, ' ').trim();
  const blocks = [];
  if (figure) blocks.push(`![Figure: ${caption}](data:image/png;base64,${figure})`);
  blocks.push(report.trim());
  return blocks.join('\n\n');
}
