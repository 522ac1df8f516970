import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WORKS } from '../export/testing/fixture-paper';
import { testDatabaseKinds } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { LocalSearchIndex } from './local-search-index';
import { upsertWorks } from './store/work-store';

const kinds = await testDatabaseKinds();

describe.each(kinds)('search index snapshots on %s', (kind) => {
  let server: TestServer;
  const directory = mkdtempSync(path.join(tmpdir(), 'scriptor-index-'));

  beforeAll(async () => {
    server = await startTestServer(kind);
    await upsertWorks(server.context.database.db, FIXTURE_WORKS, 'test');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('close() returns only after a write already under way has finished, and writes never overlap', async () => {
    const index = new LocalSearchIndex(server.context.database.db, directory);
    await index.catchUp();
    // A timer's write still running when the server closes (the race seen on shutdown).
    const pending = index.persist();
    await index.close();
    expect(readdirSync(directory).filter((name) => name.includes('.tmp'))).toEqual([]);
    expect(existsSync(path.join(directory, 'works-index.bin'))).toBe(true);
    expect(existsSync(path.join(directory, 'works-index.json'))).toBe(true);
    await pending;

    const reopened = new LocalSearchIndex(server.context.database.db, directory);
    await reopened.open();
    expect(reopened.sizeVisibleTo(null)).toBe(index.sizeVisibleTo(null));
    await reopened.close();
  });
});
