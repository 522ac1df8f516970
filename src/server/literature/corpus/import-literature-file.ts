import type { Db } from '../../db/database';
import { TruncatedInputError, type ReadProgress } from '../formats/jsonl-lines';
import {
  readNumberedRecords,
  type RecordNote,
  type SkippedLine,
} from '../formats/read-literature-records';
import { upsertWorks } from '../store/work-store';
import { recordToWork } from '../store/record-to-work';
import type { Work } from '../../../shared/citations/work';

const BATCH_SIZE = 500;

export interface ImportSummary {
  imported: number;
  skipped: SkippedLine[];
  /** Records kept with a field cut to its limit. */
  notes: RecordNote[];
  /** Set when a compressed file ended early: what was read before is stored. */
  truncated: { lastLine: number; message: string } | null;
}

/**
 * Streams one JSONL file (arXiv, OpenAlex or BEIR records, gzip or not) into the shared works
 * store in batches. Importing the same file again updates rows instead of duplicating them. A
 * truncated archive keeps every record read before the break and says where it broke.
 */
export async function importLiteratureFile(
  db: Db,
  path: string,
  options: {
    origin: string;
    onProgress?: (progress: ReadProgress) => void;
    /** Resume after this line (its records are stored already). */
    startAfterLine?: number;
    /** Called after each stored batch with the line of its last record: a resume point. */
    onStored?: (lastLine: number, imported: number) => Promise<void>;
  },
): Promise<ImportSummary> {
  const skipped: SkippedLine[] = [];
  const notes: RecordNote[] = [];
  let truncated: ImportSummary['truncated'] = null;
  let imported = 0;
  let batch: Work[] = [];
  let lastLine = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await upsertWorks(db, batch, options.origin);
    imported += batch.length;
    batch = [];
    await options.onStored?.(lastLine, imported);
  };
  const records = readNumberedRecords(path, {
    startAfterLine: options.startAfterLine,
    onProgress: options.onProgress,
    onSkippedLine: (line) => skipped.push(line),
    onNote: (note) => notes.push(note),
  });
  try {
    for await (const { lineNumber, record } of records) {
      batch.push(recordToWork(record));
      lastLine = lineNumber;
      if (batch.length >= BATCH_SIZE) await flush();
    }
  } catch (error) {
    if (!(error instanceof TruncatedInputError)) throw error;
    truncated = { lastLine: error.lastLine, message: error.message };
  }
  await flush();
  return { imported, skipped, notes, truncated };
}
