import type { CitedWork } from '../../../shared/citations/work';
import { apiFetch } from '../../api/http';
import type { ImportFormat } from '../cited/import-format';
import { parseWorks } from './parse-works';

export interface ImportProblem {
  line: number | null;
  message: string;
}

export interface ImportOutcome {
  /** How many works the paper now cites from the file. */
  count: number;
  /** The works themselves when the server answered at once (small files). */
  imported: CitedWork[];
  errors: ImportProblem[];
  /** Problems beyond those listed (a large file's job keeps the first few hundred). */
  moreErrors: number;
}

/** A large file is imported by a background job: its id and the number of entries. */
export interface ImportStarted {
  jobId: string;
  entries: number;
}

export interface ImportJobState {
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
  progress: { percentComplete?: number; currentOperation?: string } | null;
  outcome: ImportOutcome | null;
  error: string | null;
}

export type ExportFormat = 'bibtex' | 'csl-json';

const referencesPath = (paperId: string) => `/api/papers/${encodeURIComponent(paperId)}/references`;

/**
 * Stores the works of a BibTeX, RIS or CSL-JSON text and adds them to the paper's citations:
 * at once for a small file, else through a background job to follow with `importJobState`.
 */
export async function importReferences(
  paperId: string,
  format: ImportFormat,
  text: string,
): Promise<ImportOutcome | ImportStarted> {
  const answer = await apiFetch<{
    imported?: unknown;
    errors?: ImportProblem[];
    entries?: number;
    job?: { jobId: string };
  }>(`${referencesPath(paperId)}/import`, {
    method: 'POST',
    body: JSON.stringify({ format, text }),
  });
  if (answer.job) return { jobId: answer.job.jobId, entries: answer.entries ?? 0 };
  const imported = parseWorks(answer.imported);
  return { count: imported.length, imported, errors: answer.errors ?? [], moreErrors: 0 };
}

export async function importJobState(jobId: string): Promise<ImportJobState> {
  const job = await apiFetch<{
    status: ImportJobState['status'];
    progress: ImportJobState['progress'];
    error: string | null;
    result: { importedCount: number; errors: ImportProblem[]; moreErrors: number } | null;
  }>(`/api/jobs/${encodeURIComponent(jobId)}`);
  const result = job.result;
  return {
    status: job.status,
    progress: job.progress,
    error: job.error,
    outcome: result
      ? {
          count: result.importedCount,
          imported: [],
          errors: result.errors,
          moreErrors: result.moreErrors,
        }
      : null,
  };
}

/** The download address of the paper's cited works as a .bib or CSL-JSON file. */
export function exportReferencesUrl(paperId: string, format: ExportFormat): string {
  return `${referencesPath(paperId)}/export?format=${format}`;
}
