/**
 * The notebook of a data analysis (spec 002 §3 Notebook, Cell, Output) in nbformat 4, so the
 * .ipynb a user downloads is exactly what the server stored and the browser renders.
 */
export type NotebookOutput =
  | { output_type: 'stream'; name: 'stdout' | 'stderr'; text: string }
  | {
      output_type: 'display_data';
      data: Record<string, unknown>;
      metadata: Record<string, unknown>;
    }
  | {
      output_type: 'execute_result';
      data: Record<string, unknown>;
      metadata: Record<string, unknown>;
      execution_count: number | null;
    }
  | { output_type: 'error'; ename: string; evalue: string; traceback: string[] };

export interface MarkdownCell {
  cell_type: 'markdown';
  id: string;
  source: string;
  metadata: Record<string, unknown>;
}

export interface CodeCell {
  cell_type: 'code';
  id: string;
  source: string;
  execution_count: number | null;
  outputs: NotebookOutput[];
  /** `tags: ['raises-exception']` marks a failed attempt, so nbclient re-runs past it. */
  metadata: {
    tags?: string[];
    scriptor?: { stage: AnalysisStage; attempt?: number; planIndex?: number };
  };
}

export type NotebookCell = MarkdownCell | CodeCell;

export interface Notebook {
  nbformat: 4;
  nbformat_minor: 5;
  metadata: Record<string, unknown>;
  cells: NotebookCell[];
}

/** The stages of one analysis step (000 §3 Progress object). */
export type AnalysisStage = 'planning' | 'analysis' | 'report';

export const IMAGE_PREFIX = 'data:image/png;base64,';
/** Spec 002 §9. */
export const IMAGE_LIMIT_CHARS = 10_000_000;

export const INVALID_NOTEBOOK_MESSAGE = 'Invalid notebook data structure.';
export const INVALID_IMAGE_MESSAGE = 'Invalid image format or data';
export const FAILED_IMAGE_MESSAGE = 'Failed to load image data';

export function notebookOf(
  cells: NotebookCell[],
  metadata: Record<string, unknown> = {},
): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
      ...metadata,
    },
    cells,
  };
}

/** Spec 002 §5: every cell is markdown or code. */
export function isValidNotebook(value: unknown): value is Notebook {
  if (typeof value !== 'object' || value === null) return false;
  const cells = (value as { cells?: unknown }).cells;
  return (
    Array.isArray(cells) &&
    cells.every(
      (cell) =>
        typeof cell === 'object' &&
        cell !== null &&
        ((cell as { cell_type?: unknown }).cell_type === 'markdown' ||
          (cell as { cell_type?: unknown }).cell_type === 'code'),
    )
  );
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Spec 002 §5: an image is a PNG data URL of valid base64 within the size limit. Kernels send
 * the bare base64 of image/png; this returns the data URL or the spec's message.
 */
export function pngDataUrl(base64: unknown): { url: string } | { error: string } {
  if (typeof base64 !== 'string') return { error: INVALID_IMAGE_MESSAGE };
  const compact = base64.replace(/\s+/g, '');
  const url = compact.startsWith(IMAGE_PREFIX) ? compact : `${IMAGE_PREFIX}${compact}`;
  const body = url.slice(IMAGE_PREFIX.length);
  if (url.length > IMAGE_LIMIT_CHARS || body.length % 4 !== 0 || !BASE64.test(body)) {
    return { error: INVALID_IMAGE_MESSAGE };
  }
  return { url };
}

/** A notebook cell's source as one string (nbformat allows a list of lines). */
export function sourceText(source: string | string[]): string {
  return Array.isArray(source) ? source.join('') : source;
}
