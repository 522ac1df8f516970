/**
 * Copies the works the example papers cite out of the bundled corpus into
 * src/server/examples/cited-works.json, as the library stores them (same refIds), so the
 * examples cite real corpus articles even on a server that has not loaded the corpus.
 * Run: npx tsx scripts/examples/pick-works.ts
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { recordToWork } from '../../src/server/literature/store/record-to-work';
import { formatReferencesInStyle } from '../../src/server/citations/citation-style-registry';
import { refIdFor } from '../../src/shared/citations/ref-id';
import { EXAMPLE_SOURCE_IDS } from '../../src/server/examples/example-source-ids';

const wanted = new Set(EXAMPLE_SOURCE_IDS);
const works = [];
for await (const record of readLiteratureRecords(
  createReadStream('corpus/openalex-sample.jsonl.gz'),
)) {
  if (!wanted.has(record.sourceId)) continue;
  const work = recordToWork(record);
  const stored = { ...work, refId: refIdFor(work) };
  // The APA text the reference list of an example carries, as 'Generate APA References' writes it.
  const [reference = null] = formatReferencesInStyle([stored], 'apa');
  works.push({ ...stored, reference });
}
writeFileSync('src/server/examples/cited-works.json', `${JSON.stringify(works, null, 2)}\n`);
console.log(`${works.length} of ${wanted.size} works written`);
for (const work of works) console.log(`[${work.refId.replace('ref_', 'xref_')}] ${work.reference}`);
