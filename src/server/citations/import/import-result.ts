import type { Work } from '../../../shared/citations/work';

export type ImportFormat = 'bibtex' | 'ris' | 'csl-json';

/** Why one entry of an imported file was skipped. The other entries are imported regardless. */
export interface ImportIssue {
  /** 1-based position of the entry in the file. */
  entry: number;
  /** 1-based line where the entry (or the error inside it) is, when it can be told. */
  line: number | null;
  /** The entry's citation key or RIS ID, when it has one. */
  key: string | null;
  message: string;
}

export interface ImportResult {
  works: Work[];
  errors: ImportIssue[];
}

/** What became of one entry while a file was read. */
export type EntryOutcome = { entry: number; line: number | null; key: string | null } & (
  { work: Work } | { error: string }
);

/**
 * A reference file cut into entries, each read only when asked: counting is cheap, and a
 * caller can read a large file a slice at a time and let other work run in between.
 */
export interface ImportEntries {
  count: number;
  /** The outcome of the entry at 0-based `index`. */
  read(index: number): EntryOutcome;
  /** What is wrong with the file as a whole, when nothing in it can be read. */
  problem: ImportIssue | null;
}

/** Reads every entry at once: for small files and tests. */
export function readAllEntries(entries: ImportEntries): ImportResult {
  if (entries.problem) return { works: [], errors: [entries.problem] };
  const outcomes: EntryOutcome[] = [];
  for (let index = 0; index < entries.count; index += 1) outcomes.push(entries.read(index));
  return collectOutcomes(outcomes);
}

/**
 * Splits outcomes into works and issues. An entry naming the same work as an earlier one (same
 * DOI, address or fingerprint, hence the same refId) is reported and skipped.
 */
export function collectOutcomes(outcomes: readonly EntryOutcome[]): ImportResult {
  const works: Work[] = [];
  const errors: ImportIssue[] = [];
  const firstEntry = new Map<string, number>();
  for (const outcome of outcomes) {
    const { entry, line, key } = outcome;
    if ('error' in outcome) {
      errors.push({ entry, line, key, message: outcome.error });
      continue;
    }
    const earlier = firstEntry.get(outcome.work.refId);
    if (earlier !== undefined) {
      errors.push({ entry, line, key, message: `Same work as entry ${earlier}; skipped` });
      continue;
    }
    firstEntry.set(outcome.work.refId, entry);
    works.push(outcome.work);
  }
  return { works, errors };
}
