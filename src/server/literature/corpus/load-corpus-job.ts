import { z } from 'zod';
import { defineJob } from '../../queue/job-type';
import { countWorks } from '../store/work-store';
import { corpusFiles, CORPUS_JOB, markCorpusLoaded } from './bundled-corpus';
import { importLiteratureFile } from './import-literature-file';

const PROGRESS_INTERVAL_MS = 1000;

/**
 * Loads the bundled open corpus into the works store in the background on first start. Upserts
 * make a retry after a crash simply continue; search sees works as soon as they are stored.
 */
export const loadCorpusJob = defineJob({
  name: CORPUS_JOB,
  input: z.object({ version: z.string(), directory: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
  async perform({ db, input, reportProgress }) {
    const files = corpusFiles(input.directory);
    const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
    let doneBytes = 0;
    let lastReport = 0;
    let imported = 0;
    let skipped = 0;
    for (const file of files) {
      const summary = await importLiteratureFile(db, file.path, {
        origin: 'corpus',
        onProgress: (progress) => {
          const now = Date.now();
          if (now - lastReport < PROGRESS_INTERVAL_MS) return;
          lastReport = now;
          const percent = Math.min(99, Math.round(((doneBytes + progress.bytesRead) / totalBytes) * 100));
          void reportProgress({ percentComplete: percent, currentOperation: 'Loading the bundled literature corpus' });
        },
      });
      doneBytes += file.bytes;
      imported += summary.imported;
      skipped += summary.skipped.length;
    }
    const works = await countWorks(db);
    await markCorpusLoaded(db, { version: input.version, works });
    await reportProgress({ percentComplete: 100, currentOperation: 'Corpus loaded' });
    return { imported, skipped, works };
  },
});
