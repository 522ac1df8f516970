import { importBibtex } from './bibtex';
import { importCslJson } from './csl-json';
import type { ImportFormat, ImportResult } from './import-result';
import { importRis } from './ris';

/** Guesses the format from the first signs of one; null when it looks like none of them. */
export function detectImportFormat(text: string): ImportFormat | null {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'csl-json';
  if (/^TY\s{1,2}-/m.test(start)) return 'ris';
  if (/^\s*@\s*[A-Za-z]+\s*[{(]/m.test(start)) return 'bibtex';
  return null;
}

/**
 * Works from a reference file. Never throws for bad content: every entry that cannot be read
 * becomes an ImportIssue and the rest are imported; repeated works are imported once. A problem with the file as a whole is reported as entry 0.
 */
export function importWorks(text: string, format?: ImportFormat): ImportResult {
  const detected = format ?? detectImportFormat(text);
  if (detected === null) {
    return {
      works: [],
      errors: [
        {
          entry: 0,
          line: null,
          key: null,
          message: 'Unrecognised reference file: expected BibTeX, RIS or CSL-JSON',
        },
      ],
    };
  }
  return IMPORTERS[detected](text);
}

const IMPORTERS: Record<ImportFormat, (text: string) => ImportResult> = {
  bibtex: importBibtex,
  ris: importRis,
  'csl-json': importCslJson,
};
