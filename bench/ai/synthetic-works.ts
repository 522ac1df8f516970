import { join } from 'node:path';
import type { Db } from '../../src/server/db/database';
import { emptyRecord } from '../../src/server/literature/formats/literature-record';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { recordToWork } from '../../src/server/literature/store/record-to-work';
import { upsertWorks } from '../../src/server/literature/store/work-store';
import type { Work } from '../../src/shared/citations/work';
import { DATASETS_DIR } from '../search/bench-args';
import { perturbedCorpus, type BaseDoc } from '../search/perturbed-corpus';

const BATCH = 1000;

/**
 * Stores `count` synthetic works grown from the arXiv sample (perturbed copies: see
 * perturbed-corpus.ts) as shared works, through the upsert an import uses. Prints progress.
 */
export async function topUpWorks(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const base: BaseDoc[] = [];
  const file = join(DATASETS_DIR, 'arxiv-sample', 'arxiv-sample.jsonl');
  for await (const record of readLiteratureRecords(file)) {
    base.push({ title: record.title, abstract: record.abstract ?? '', year: record.year });
  }
  const started = performance.now();
  let batch: Work[] = [];
  let stored = 0;
  for (const doc of perturbedCorpus(base, count)) {
    const record = emptyRecord('beir', `synthetic-${doc.docId}`, doc.title ?? '');
    batch.push(
      recordToWork({
        ...record,
        abstract: doc.abstract ?? null,
        year: doc.year ?? null,
        type: doc.type === 'preprint' ? 'preprint' : 'journal-article',
        is_referenced_by_count: doc.citations ?? 0,
      }),
    );
    if (batch.length < BATCH) continue;
    await upsertWorks(db, batch, 'bench');
    stored += batch.length;
    batch = [];
    if (stored % 50_000 === 0) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`${stored} synthetic works stored in ${seconds.toFixed(0)} s`);
    }
  }
  if (batch.length > 0) await upsertWorks(db, batch, 'bench');
}
