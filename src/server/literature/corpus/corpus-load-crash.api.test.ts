import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/test-client';
import { createPostgresDatabase, testDatabaseKinds } from '../../testing/test-databases';
import { freePort, ServerProcess } from '../../testing/server-process';

const kinds = await testDatabaseKinds();
const FILES = 3;
const PER_FILE = 2500;

interface Status {
  works: number;
  corpus: {
    status: string;
    progress: { works?: number; totalWorks?: number; currentOperation?: string } | null;
    result: { imported: number; works: number; resumedAt: number } | null;
  } | null;
}

/** A corpus of FILES × PER_FILE distinct records, big enough to be killed midway. */
function writeCorpus(directory: string): void {
  for (let file = 0; file < FILES; file += 1) {
    const lines = Array.from({ length: PER_FILE }, (_, i) => {
      const id = `${file}-${i}`;
      return JSON.stringify({ _id: id, title: `Corpus record ${id}`, text: `Abstract ${id}.` });
    });
    writeFileSync(path.join(directory, `part-${file}.jsonl`), `${lines.join('\n')}\n`);
  }
}

async function waitForStatus(client: TestClient, done: (status: Status) => boolean) {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const status = (await client.get('/api/literature/status')).body as unknown as Status;
    if (done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the corpus load did not get there');
}

describe.each(kinds)('a corpus load killed midway on %s', { timeout: 600_000 }, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('resumes at start-up where it stopped and stores every work once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-corpus-crash-'));
    const corpusDir = mkdtempSync(path.join(tmpdir(), 'scriptor-corpus-files-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(corpusDir, { recursive: true, force: true }));
    writeCorpus(corpusDir);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      QUEUE_MAINTENANCE_SECONDS: '1',
      CORPUS_AUTOLOAD: 'on',
      CORPUS_DIR: corpusDir,
    };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const port = await freePort();

    // The account exists before the load starts, so the first poll comes right after start-up:
    // on an idle machine the whole corpus loads in a few seconds, faster than a sign-up.
    const setup = new ServerProcess(port, { ...env, CORPUS_AUTOLOAD: 'off' });
    cleanups.push(async () => void (await setup.stop('SIGTERM')));
    await setup.start();
    const client = new TestClient(setup.url);
    await client.signUp('corpus-crash@example.org');
    await setup.stop('SIGTERM');

    const first = new ServerProcess(port, env);
    cleanups.push(() => void first.stop('SIGKILL'));
    await first.start();
    const midway = await waitForStatus(
      client,
      (status) => (status.corpus?.progress?.works ?? 0) >= 1000,
    );
    expect(midway.corpus?.progress?.totalWorks).toBe(FILES * PER_FILE);
    await first.stop('SIGKILL');
    const storedAtKill = midway.corpus?.progress?.works ?? 0;
    // Killed midway indeed: the test says nothing about resuming if the load had finished.
    expect(storedAtKill).toBeLessThan(FILES * PER_FILE);

    const second = new ServerProcess(port, env);
    cleanups.push(async () => void (await second.stop('SIGTERM')));
    await second.start();
    const done = await waitForStatus(client, (status) =>
      ['completed', 'failed'].includes(status.corpus?.status ?? ''),
    );
    expect(done.corpus?.status).toBe('completed');
    expect(done.works).toBe(FILES * PER_FILE);
    expect(done.corpus?.result).toMatchObject({ imported: FILES * PER_FILE, works: FILES * PER_FILE });
    // The second run started from the checkpoint, not from the first line.
    expect(done.corpus?.result?.resumedAt).toBeGreaterThanOrEqual(storedAtKill);
    expect(second.output).toMatch(/literature library loaded/);
  });
});
