import path from 'node:path';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import type { OutboundHttp } from '../net/outbound/outbound-http';
import type { Log } from '../process-setup';
import type { JobQueue } from '../queue/job-queue';
import {
  BUNDLED_CORPUS_VERSION,
  CORPUS_JOB,
  corpusJobRunning,
  loadedCorpusVersion,
} from './corpus/bundled-corpus';
import { configuredSources } from './federation/configured-sources';
import { FederatedLiteratureProvider } from './federation/federated-provider';
import { LocalSearchIndex } from './local-search-index';
import { repairStoredArxivIds } from './store/repair-arxiv-ids';
import { LocalLiteratureProvider } from './providers/local-provider';
import type { LiteratureProvider } from './providers/literature-provider';
import { OpenAlexLiteratureProvider } from './providers/openalex-provider';

const OPENALEX_TIMEOUT_MS = 15_000;

export interface Literature {
  index: LocalSearchIndex;
  provider: LiteratureProvider;
  /** Repairs stored rows and loads the search index; before the first search. */
  open(): Promise<void>;
  close(): Promise<void>;
}

/** The literature services, built without touching the database (see `open`). */
export function createLiterature(
  config: Config,
  database: Database,
  outbound: OutboundHttp,
  log: Log,
): Literature {
  const index = new LocalSearchIndex(database.db, path.join(config.dataDir, 'search'), log);
  return {
    index,
    provider: chooseProvider(config, database, index, outbound, log),
    async open() {
      const repaired = await repairStoredArxivIds(database.db);
      if (repaired > 0) log('restored the digits of stored arXiv ids', { works: repaired });
      await index.open();
    },
    close: () => index.close(),
  };
}

function chooseProvider(
  config: Config,
  database: Database,
  index: LocalSearchIndex,
  outbound: OutboundHttp,
  log: Log,
): LiteratureProvider {
  if (config.literature.provider === 'openalex') {
    return new OpenAlexLiteratureProvider(database.db, {
      baseUrl: config.literature.openAlexUrl,
      mailto: config.literature.openAlexMailto,
      outbound,
      timeoutMs: OPENALEX_TIMEOUT_MS,
    });
  }
  if (config.literature.provider === 'local') return new LocalLiteratureProvider(index);
  return new FederatedLiteratureProvider(
    database.db,
    configuredSources(config, database.db, index, outbound),
    {
      timeoutMs: config.literature.sourceTimeoutMs,
      backoffMs: config.literature.sourceBackoffMs,
      cacheMs: config.literature.cacheMs,
      log,
    },
  );
}

/** Queues the bundled corpus load when this installation has not loaded this version yet. */
export async function ensureBundledCorpus(
  config: Config,
  database: Database,
  queue: JobQueue,
  log: Log,
): Promise<void> {
  if (!config.literature.corpusAutoload) return;
  if ((await loadedCorpusVersion(database.db)) === BUNDLED_CORPUS_VERSION) return;
  if (await corpusJobRunning(database.db)) return;
  await queue.enqueue(CORPUS_JOB, {
    ownerId: null,
    input: { version: BUNDLED_CORPUS_VERSION, directory: config.literature.corpusDir },
  });
  log('loading the bundled literature corpus in the background');
}
