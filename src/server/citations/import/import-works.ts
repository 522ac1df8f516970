import { bibtexEntries } from './bibtex';
import { cslJsonEntries } from './csl-json';
import {
  readAllEntries,
  type ImportEntries,
  type ImportFormat,
  type ImportResult,
} from './import-result';
import { risEntries } from './ris';

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
 * becomes an ImportIssue and the rest are imported; repeated works are imported once. A problem
 * with the file as a whole is reported as entry 0.
 */
export function importWorks(text: string, format?: ImportFormat): ImportResult {
  return readAllEntries(importEntries(text, format));
}

/** The file cut into entries, read one by one on demand (see ImportEntries). */
export function importEntries(text: string, format?: ImportFormat): ImportEntries {
  const detected = format ?? detectImportFormat(text);
  if (detected === null) {
    return {
      count: 0,
      problem: {
        entry: 0,
        line: null,
        key: null,
        message: 'Unrecognised reference file: expected BibTeX, RIS or CSL-JSON',
      },
      read: () => {
        throw new RangeError('No entries');
      },
    };
  }
  return SPLITTERS[detected](text);
}

const SPLITTERS: Record<ImportFormat, (text: string) => ImportEntries> = {
  bibtex: bibtexEntries,
  ris: risEntries,
  'csl-json': cslJsonEntries,
};
