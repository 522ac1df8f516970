import { statSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { openDatabase } from '../db/database';
import { importLiteratureFile } from '../literature/corpus/import-literature-file';
import { countWorks } from '../literature/store/work-store';
import { loadConfigOrExit } from '../process-setup';

/**
 * `npm run corpus:import -- FILE...`: loads JSONL files of arXiv metadata, OpenAlex works or a
 * BEIR corpus (gzipped or not, formats may be mixed) into the works store. Running servers
 * pick the new works up by themselves. With the embedded database, stop the server first: an
 * embedded database is open in one process at a time.
 */
async function main(): Promise<void> {
  const files = process.argv.slice(2).filter((arg) => arg !== '--');
  if (files.length === 0) {
    console.error('Usage: npm run corpus:import -- FILE.jsonl[.gz] [FILE...]');
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
  const database = openDatabase(config.database);
  await database.migrate();

  let failed = false;
  for (const file of files) {
    const bytes = statSync(file).size;
    const bar = new cliProgress.SingleBar(
      { format: `${path.basename(file)} [{bar}] {percentage}% | {value}/{total} bytes` },
      cliProgress.Presets.shades_classic,
    );
    bar.start(bytes, 0);
    const summary = await importLiteratureFile(database.db, file, {
      origin: 'import',
      onProgress: (progress) => bar.update(Math.min(progress.bytesRead, bytes)),
    });
    bar.update(bytes);
    bar.stop();
    console.log(
      `${file}: ${summary.imported} works imported, ${summary.skipped.length} lines skipped`,
    );
    for (const skipped of summary.skipped.slice(0, 20)) {
      console.log(`  line ${skipped.lineNumber}: ${skipped.reason}`);
    }
    if (summary.skipped.length > 20) console.log(`  … and ${summary.skipped.length - 20} more`);
    if (summary.imported === 0) failed = true;
  }
  console.log(`The store now holds ${await countWorks(database.db)} works.`);
  await database.close();
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
