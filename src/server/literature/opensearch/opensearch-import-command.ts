import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import cliProgress from 'cli-progress';
import type { Config } from '../../config/config';
import { loadIntoOpenSearch } from './opensearch-loader';

/**
 * `npm run corpus:import -- --to opensearch FILE...`: each file streamed into the index with
 * the bulk API; a load stopped midway (Ctrl-C, a node restart) resumes where it stopped when
 * run again, from a checkpoint under DATA_DIR/opensearch-import/. Returns the exit code.
 */
export async function importIntoOpenSearch(config: Config, files: string[]): Promise<number> {
  const target = config.literature.openSearch;
  if (!target) {
    console.error('Set OPENSEARCH_URL (and OPENSEARCH_INDEX, default scriptor-works) first.');
    return 2;
  }
  const client = new Client({ node: target.url });
  let failed = false;
  for (const file of files) {
    const absolute = path.resolve(file);
    const digest = createHash('sha256').update(`${target.index}|${absolute}`).digest('hex');
    const checkpointPath = path.join(
      config.dataDir,
      'opensearch-import',
      `${digest.slice(0, 16)}.json`,
    );
    const bytes = statSync(absolute).size;
    const bar = new cliProgress.SingleBar(
      { format: `${path.basename(file)} [{bar}] {percentage}% | {value}/{total} bytes` },
      cliProgress.Presets.shades_classic,
    );
    bar.start(bytes, 0);
    try {
      const summary = await loadIntoOpenSearch(client, absolute, {
        index: target.index,
        checkpointPath,
        onProgress: (_line, bytesRead) => bar.update(Math.min(bytesRead, bytes)),
      });
      bar.update(bytes);
      bar.stop();
      const resumed =
        summary.resumedAfter > 0 ? ` (resumed after line ${summary.resumedAfter})` : '';
      console.log(
        `${file}: ${summary.indexed} works indexed${resumed}, ${summary.skipped.length} lines skipped`,
      );
    } catch (error) {
      bar.stop();
      console.error(`${file}: stopped: ${error instanceof Error ? error.message : String(error)}`);
      console.error('Run the same command again to resume.');
      failed = true;
    }
  }
  await client.close();
  return failed ? 1 : 0;
}
