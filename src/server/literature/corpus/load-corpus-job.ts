import path from 'node:path';
import { z } from 'zod';
import { defineJob } from '../../queue/job-type';
import { countContentLines } from '../formats/jsonl-lines';
import { countSharedWorks } from '../store/work-store';
import {
  clearCorpusCheckpoint,
  corpusFiles,
  CORPUS_JOB,
  markCorpusLoaded,
  readCorpusCheckpoint,
  saveCorpusCheckpoint,
} from './bundled-corpus';
import { importLiteratureFile } from './import-literature-file';

export function corpusProgressText(done: number, total: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return `Loading the literature library: ${count(done)} of ${count(total)} works`;
}

/**
 * Loads the bundled open corpus into the shared works store in the background on first start.
 * After every stored batch it saves where it is (file and line), so a run interrupted by a
 * crash resumes there instead of starting over; the rows are upserts, so the batch in flight
 * at the crash is stored once. Its heartbeat lets a restarted Postgres server retry it at once.
 */
export const loadCorpusJob = defineJob({
  name: CORPUS_JOB,
  // One corpus load at a time: it fills the shared library.
  maxConcurrency: 1,
  input: z.object({ version: z.string(), directory: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
  heartbeatSeconds: 10,
  async perform({ db, input, reportProgress, log }) {
    const startedAt = Date.now();
    const files = corpusFiles(input.directory);
    let total = 0;
    for (const file of files) total += await countContentLines(file.path);
    const resume = await readCorpusCheckpoint(db, input.version);
    const resumeIndex = files.findIndex((file) => path.basename(file.path) === resume?.file);
    let done = resume?.works ?? 0;
    const report = () =>
      reportProgress({
        percentComplete: total === 0 ? 99 : Math.min(99, Math.floor((done / total) * 100)),
        currentOperation: corpusProgressText(done, total),
        works: done,
        totalWorks: total,
      });
    await report();

    let skipped = 0;
    for (const [index, file] of files.entries()) {
      if (index < resumeIndex) continue;
      const name = path.basename(file.path);
      const before = done;
      const summary = await importLiteratureFile(db, file.path, {
        origin: 'corpus',
        startAfterLine: index === resumeIndex ? resume?.line : undefined,
        onStored: async (line, imported) => {
          done = before + imported;
          await saveCorpusCheckpoint(db, { version: input.version, file: name, line, works: done });
          await report();
        },
      });
      skipped += summary.skipped.length;
      if (summary.truncated) log('corpus file ends early', { file: name, problem: summary.truncated.message });
    }
    const works = await countSharedWorks(db);
    await markCorpusLoaded(db, { version: input.version, works });
    await clearCorpusCheckpoint(db);
    await reportProgress({ percentComplete: 100, currentOperation: 'Corpus loaded', works: done, totalWorks: total });
    const seconds = Math.round((Date.now() - startedAt) / 100) / 10;
    log('literature library loaded', { works, imported: done, skipped, seconds });
    return { imported: done, skipped, works, resumedAt: resume?.works ?? 0 };
  },
});
