import { z } from 'zod';
import { importEntries } from '../../citations/import/import-works';
import { importReferences, type ImportProgress } from '../../papers/import-references';
import { defineJob } from '../job-type';

export const REFERENCES_IMPORT_JOB = 'references.import';

/** Problems kept in the job's result; a file can have thousands, the dialog shows a list. */
const ERRORS_KEPT = 500;
const PROGRESS_EVERY_ENTRIES = 1000;

export function describeImportProgress(progress: ImportProgress) {
  const count = (n: number) => n.toLocaleString('en-US');
  const reading = progress.phase === 'reading';
  const share = progress.total === 0 ? 1 : progress.done / progress.total;
  return {
    percentComplete: Math.min(99, Math.floor(reading ? share * 70 : 70 + share * 29)),
    currentOperation: `${reading ? 'Reading' : 'Storing'} references: ${count(progress.done)} of ${count(progress.total)}`,
    ...progress,
  };
}

/**
 * A large BibTeX, RIS or CSL-JSON import (POST /api/papers/:id/references/import answers 202
 * with this job): reads and stores the entries in the background with progress, then adds the
 * works to the paper's citations. A retry after a crash redoes the import; stored works are
 * upserts and citations already in the paper are not added again.
 */
export const referencesImportJob = defineJob({
  name: REFERENCES_IMPORT_JOB,
  input: z.object({
    userName: z.string(),
    format: z.enum(['bibtex', 'ris', 'csl-json']).optional(),
    text: z.string(),
  }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  async perform({ db, ownerId, paperId, input, reportProgress }) {
    if (ownerId === null || paperId === null) throw new Error('An import belongs to a paper');
    const summary = await importReferences(db, {
      actor: { id: ownerId },
      userName: input.userName,
      paperId,
      entries: importEntries(input.text, input.format),
      onProgress: async (progress) => {
        const step =
          progress.done % PROGRESS_EVERY_ENTRIES === 0 || progress.done === progress.total;
        if (step) await reportProgress(describeImportProgress(progress));
      },
    });
    await reportProgress({ percentComplete: 100, currentOperation: 'Import finished' });
    return {
      importedCount: summary.imported.length,
      errors: summary.errors
        .slice(0, ERRORS_KEPT)
        .map((issue) => ({ line: issue.line, message: issue.message })),
      moreErrors: Math.max(0, summary.errors.length - ERRORS_KEPT),
    };
  },
});
