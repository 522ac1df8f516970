import type { Db } from '../../db/database';
import type { ReadProgress } from '../formats/jsonl-lines';
import { readLiteratureRecords, type SkippedLine } from '../formats/read-literature-records';
import { upsertWorks } from '../store/work-store';
import { recordToWork } from '../store/record-to-work';
import type { Work } from '../../../shared/citations/work';

const BATCH_SIZE = 500;

export interface ImportSummary {
  imported: number;
  skipped: SkippedLine[];
}

/**
 * Streams one JSONL file (arXiv, OpenAlex or BEIR records, gzip or not) into the works store
 * in batches. Importing the same file again updates rows instead of duplicating them.
 */
export async function importLiteratureFile(
  db: Db,
  path: string,
  options: { origin: string; onProgress?: (progress: ReadProgress) => void },
): Promise<ImportSummary> {
  const skipped: SkippedLine[] = [];
  let imported = 0;
  let batch: Work[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await upsertWorks(db, batch, options.origin);
    imported += batch.length;
    batch = [];
  };
  const records = readLiteratureRecords(path, {
    onProgress: options.onProgress,
    onSkippedLine: (line) => skipped.push(line),
  });
  for await (const record of records) {
    batch.push(recordToWork(record));
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  return { imported, skipped };
}
