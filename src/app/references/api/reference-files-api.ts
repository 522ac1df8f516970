import type { CitedWork } from '../../../shared/citations/work';
import { apiFetch } from '../../api/http';
import type { ImportFormat } from '../cited/import-format';
import { parseWorks } from './parse-works';

export interface ImportProblem {
  line: number | null;
  message: string;
}

export interface ImportOutcome {
  imported: CitedWork[];
  errors: ImportProblem[];
}

export type ExportFormat = 'bibtex' | 'csl-json';

const referencesPath = (paperId: string) => `/api/papers/${encodeURIComponent(paperId)}/references`;

/** Stores the works of a BibTeX, RIS or CSL-JSON text and adds them to the paper's citations. */
export async function importReferences(
  paperId: string,
  format: ImportFormat,
  text: string,
): Promise<ImportOutcome> {
  const answer = await apiFetch<{ imported?: unknown; errors?: ImportProblem[] }>(
    `${referencesPath(paperId)}/import`,
    { method: 'POST', body: JSON.stringify({ format, text }) },
  );
  return { imported: parseWorks(answer.imported), errors: answer.errors ?? [] };
}

/** The download address of the paper's cited works as a .bib or CSL-JSON file. */
export function exportReferencesUrl(paperId: string, format: ExportFormat): string {
  return `${referencesPath(paperId)}/export?format=${format}`;
}
