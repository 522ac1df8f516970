/** The reference file formats POST /api/papers/{id}/references/import reads. */
export const IMPORT_FORMATS = ['bibtex', 'ris', 'csl-json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  bibtex: 'BibTeX (.bib)',
  ris: 'RIS (.ris)',
  'csl-json': 'CSL-JSON (.json)',
};

/** What the file picker offers: the extensions Zotero, Mendeley and Overleaf export. */
export const IMPORT_FILE_ACCEPT = '.bib,.bibtex,.ris,.json';

const BY_EXTENSION: Record<string, ImportFormat> = {
  bib: 'bibtex',
  bibtex: 'bibtex',
  ris: 'ris',
  json: 'csl-json',
};

/**
 * The format of a reference file, from its name when it has a known extension, else from its
 * first characters; null when neither tells.
 */
export function detectImportFormat(text: string, fileName?: string): ImportFormat | null {
  const extension = fileName?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  const named = extension === undefined ? undefined : BY_EXTENSION[extension];
  if (named) return named;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('@') || /^%[^\n]*\n\s*@/.test(start)) return 'bibtex';
  if (start.startsWith('[') || start.startsWith('{')) return 'csl-json';
  if (/^TY {2}- /m.test(start)) return 'ris';
  return null;
}
