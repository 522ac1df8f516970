import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Work } from '../../shared/citations/work';
import {
  collectOutcomes,
  type EntryOutcome,
  type ImportEntries,
  type ImportIssue,
} from '../citations/import/import-result';
import type { Db } from '../db/database';
import { HttpError } from '../http/http-error';
import { storeOwnedWorks } from '../literature/store/work-store';
import { citationRefIds } from './paper-citations';
import { authorizedPaper, type Actor } from '../policies/paper-policy';
import { savePaper } from './save-paper';

/** More entries than this in one request are refused: split the file instead. */
export const MAX_IMPORT_ENTRIES = 25_000;

// Entries read between two turns of the event loop: a few hundred milliseconds at most, even
// for BibTeX, so the server keeps answering while a large file is read.
const READ_SLICE = 100;
const STORE_SLICE = 1000;

export function tooManyEntries(count: number): HttpError {
  return new HttpError(
    400,
    `This file has ${count.toLocaleString('en-US')} references; at most ` +
      `${MAX_IMPORT_ENTRIES.toLocaleString('en-US')} can be imported at a time. ` +
      'Split the file and import the parts one after another.',
  );
}

export interface ImportProgress {
  phase: 'reading' | 'storing';
  done: number;
  total: number;
}

export interface ReferenceImportRequest {
  /** Who imports: the works become theirs, and the policy must let them edit the paper. */
  actor: Actor;
  userName: string;
  paperId: string;
  entries: ImportEntries;
  onProgress?: (progress: ImportProgress) => Promise<void>;
}

export interface ReferenceImportSummary {
  /** The works the entries name, as the paper now cites them, in file order. */
  imported: Work[];
  errors: ImportIssue[];
}

/**
 * Imports a reference file into a paper: reads the entries a slice at a time (yielding to the
 * event loop in between), stores them as the owner's works (shared works they name are only
 * linked), and adds the ones the paper does not cite yet to its citations, as one saved version.
 * Running it again (a retried job) adds nothing twice.
 */
export async function importReferences(
  db: Db,
  request: ReferenceImportRequest,
): Promise<ReferenceImportSummary> {
  const { entries, onProgress } = request;
  if (entries.problem) return { imported: [], errors: [entries.problem] };
  if (entries.count > MAX_IMPORT_ENTRIES) throw tooManyEntries(entries.count);

  const outcomes: EntryOutcome[] = [];
  for (let start = 0; start < entries.count; start += READ_SLICE) {
    const end = Math.min(start + READ_SLICE, entries.count);
    for (let index = start; index < end; index += 1) outcomes.push(entries.read(index));
    await onProgress?.({ phase: 'reading', done: end, total: entries.count });
    await nextTurn();
  }
  const result = collectOutcomes(outcomes);

  const imported: Work[] = [];
  for (let start = 0; start < result.works.length; start += STORE_SLICE) {
    const slice = result.works.slice(start, start + STORE_SLICE);
    imported.push(...(await storeOwnedWorks(db, request.actor.id, slice)));
    await onProgress?.({ phase: 'storing', done: imported.length, total: result.works.length });
  }

  const paper = await authorizedPaper(db, request.actor, 'edit', request.paperId);
  const existing = Array.isArray(paper.citations) ? paper.citations : [];
  const known = new Set(citationRefIds(existing));
  const added = imported.filter((work) => !known.has(work.refId));
  if (added.length > 0) {
    await savePaper(db, {
      paper,
      userName: request.userName,
      comment: `Imported ${added.length} references`,
      changes: { citations: [...existing, ...added] },
    });
  }
  return { imported, errors: result.errors };
}
