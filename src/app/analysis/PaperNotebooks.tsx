import { stepNotebookUrl, usePaperNotebooks } from './api/data-analysis';

/**
 * The notebooks whose results were inserted into the open paper ('Insert into paper' attaches
 * them), each downloadable: a figure in the paper can be traced to the code that drew it.
 */
export function PaperNotebooks({ paperId }: { paperId: string }) {
  const notebooks = usePaperNotebooks(paperId);
  const list = notebooks.data ?? [];
  if (list.length === 0) return null;
  return (
    <details className="analysis-paper-notebooks">
      <summary>Notebooks in this paper ({list.length})</summary>
      <ul aria-label="Notebooks in this paper">
        {list.map((entry) => (
          <li key={entry.stepId}>
            <span>{entry.question}</span>{' '}
            <span className="muted">{new Date(entry.createdAt).toLocaleDateString()}</span>{' '}
            <a href={stepNotebookUrl(entry.stepId)} download>
              Download (.ipynb)
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
