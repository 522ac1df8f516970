import MarkdownIt from 'markdown-it';
import { useMemo, useState } from 'react';
import {
  FAILED_IMAGE_MESSAGE,
  INVALID_NOTEBOOK_MESSAGE,
  isValidNotebook,
  pngDataUrl,
  sourceText,
  type CodeCell,
  type NotebookCell,
  type NotebookOutput,
} from '../../../shared/analysis/notebook';
import { isSafeUrl } from '../../../shared/links/safe-url';
import { stripAnsi } from './ansi';
import { pythonTokens } from './python-tokens';

// Raw HTML stays text: a notebook's markdown is the model's, never trusted as markup.
const markdown = new MarkdownIt({ html: false, linkify: false });
markdown.validateLink = isSafeUrl;

/** A notebook as Jupyter shows it (002 §2): markdown, highlighted code with counts, outputs. */
export function NotebookView({ notebook }: { notebook: unknown }) {
  if (!isValidNotebook(notebook)) return <p className="error-box">{INVALID_NOTEBOOK_MESSAGE}</p>;
  return (
    <div className="notebook">
      {notebook.cells.map((cell) => (
        <NotebookCellView key={cell.id} cell={cell} />
      ))}
    </div>
  );
}

function NotebookCellView({ cell }: { cell: NotebookCell }) {
  if (cell.cell_type === 'markdown') return <MarkdownCellView source={sourceText(cell.source)} />;
  return <CodeCellView cell={cell} />;
}

function MarkdownCellView({ source }: { source: string }) {
  const html = useMemo(() => markdown.render(source), [source]);
  return <div className="notebook-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

function CodeCellView({ cell }: { cell: CodeCell }) {
  const failed = cell.metadata.tags?.includes('raises-exception') ?? false;
  return (
    <div className={failed ? 'notebook-code failed' : 'notebook-code'} data-testid="code-cell">
      <div className="notebook-input">
        <span className="notebook-prompt">In [{cell.execution_count ?? ' '}]:</span>
        <pre className="notebook-source">
          <code>
            {pythonTokens(sourceText(cell.source)).map((token, index) =>
              token.kind === 'text' ? (
                token.text
              ) : (
                <span key={index} className={`py-${token.kind}`}>
                  {token.text}
                </span>
              ),
            )}
          </code>
        </pre>
      </div>
      {cell.outputs.length > 0 && (
        <div className="notebook-outputs">
          {cell.outputs.map((output, index) => (
            <OutputView key={index} output={output} />
          ))}
        </div>
      )}
    </div>
  );
}

function OutputView({ output }: { output: NotebookOutput }) {
  switch (output.output_type) {
    case 'stream':
      return <pre className={`notebook-stream ${output.name}`}>{sourceText(output.text)}</pre>;
    case 'error':
      return (
        <pre className="notebook-error" role="note">
          {stripAnsi(
            output.traceback.length
              ? output.traceback.join('\n')
              : `${output.ename}: ${output.evalue}`,
          )}
        </pre>
      );
    default: {
      const png = output.data['image/png'];
      if (png !== undefined) return <FigureView base64={png} />;
      const plain = output.data['text/plain'];
      return (
        <pre className="notebook-stream">
          {typeof plain === 'string' ? plain : Array.isArray(plain) ? plain.join('') : ''}
        </pre>
      );
    }
  }
}

function FigureView({ base64 }: { base64: unknown }) {
  const [broken, setBroken] = useState(false);
  const image = pngDataUrl(base64);
  if ('error' in image) return <p className="error-box">{image.error}</p>;
  if (broken) return <p className="error-box">{FAILED_IMAGE_MESSAGE}</p>;
  return (
    <img
      className="notebook-figure"
      src={image.url}
      alt="Figure from the analysis"
      onError={() => setBroken(true)}
    />
  );
}
