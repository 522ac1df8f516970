import { statSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { importLiteratureFile } from '../literature/corpus/import-literature-file';
import { importIntoOpenSearch } from '../literature/opensearch/opensearch-import-command';
import { countSharedWorks } from '../literature/store/work-store';
import { loadConfigOrExit } from '../process-setup';
import { describeReadProgress, ProgressLine } from './progress-line';

const LISTED = 20;

/** The first problems of a kind, one a line, and how many more there were. */
function report(kind: string, lines: string[]): void {
  if (lines.length === 0) return;
  console.log(`  ${kind}:`);
  for (const line of lines.slice(0, LISTED)) console.log(`    ${line}`);
  if (lines.length > LISTED) console.log(`    … and ${lines.length - LISTED} more`);
}

/**
 * `npm run corpus:import -- FILE...`: loads JSONL files of arXiv metadata, OpenAlex works or a
 * BEIR corpus (gzipped or not, formats may be mixed) into the works store. Running servers
 * pick the new works up by themselves. With the embedded database, stop the server first: an
 * embedded database is open in one process at a time. Bad lines are skipped and listed, overlong
 * fields cut and listed, a truncated archive keeps what was read; progress goes to stderr. With
 * `--to opensearch` the files go to the OpenSearch index named by OPENSEARCH_URL and
 * OPENSEARCH_INDEX instead.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const toIndex = args.indexOf('--to');
  const target = toIndex === -1 ? 'database' : args[toIndex + 1];
  const files = toIndex === -1 ? args : args.filter((_, i) => i !== toIndex && i !== toIndex + 1);
  if (files.length === 0 || (target !== 'database' && target !== 'opensearch')) {
    console.error('Usage: npm run corpus:import -- [--to opensearch] FILE.jsonl[.gz] [FILE...]');
    process.exit(2);
  }
  for (const file of files) {
    try {
      statSync(file);
    } catch {
      console.error(`Cannot read ${file}`);
      process.exit(2);
    }
  }
  const config = loadConfigOrExit();
  if (target === 'opensearch') process.exit(await importIntoOpenSearch(config, files));
  const database = openDatabase(config.database);
  await database.migrate();

  let failed = false;
  for (const file of files) {
    const name = path.basename(file);
    const progress = new ProgressLine();
    progress.update(`${name}: starting`);
    const summary = await importLiteratureFile(database.db, file, {
      origin: 'corpus',
      onProgress: (read) => progress.update(describeReadProgress(name, read)),
    });
    progress.done();
    console.log(
      `${file}: ${summary.imported} works imported, ${summary.skipped.length} lines skipped`,
    );
    report(
      'skipped',
      summary.skipped.map((line) => `line ${line.lineNumber}: ${line.reason}`),
    );
    report(
      'shortened',
      summary.notes.map((note) => `line ${note.lineNumber}: ${note.message}`),
    );
    if (summary.truncated) {
      console.log(
        `${file}: ${summary.truncated.message}; the ${summary.imported} works read before it were kept`,
      );
      failed = true;
    }
    if (summary.imported === 0) failed = true;
  }
  console.log(`The store now holds ${await countSharedWorks(database.db)} works.`);
  await database.close();
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
