import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWork } from '../../../shared/citations/work';
import { appState } from '../../db/schema';
import { testDatabaseKinds } from '../../testing/test-databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { arxivToRecord } from '../formats/arxiv-record';
import { recordToWork } from './record-to-work';
import { repairStoredArxivIds } from './repair-arxiv-ids';
import { countSharedWorks, findVisibleWorks, upsertWorks } from './work-store';

const kinds = await testDatabaseKinds();

describe.each(kinds)('repairing stored arXiv ids on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('restores the lost zero, keeps the refId, and a re-import finds the same work', async () => {
    const db = server.context.database.db;
    // A work as the importer stored it before the fix.
    const [old] = await upsertWorks(
      db,
      [
        {
          ...emptyWork({
            refId: '',
            id: 'arxiv:903.2544',
            title: 'Preferential attachment revisited',
          }),
          doi: 'arxiv:903.2544',
          type: 'preprint',
          hyperlink: 'https://arxiv.org/abs/903.2544',
          url: 'https://arxiv.org/abs/903.2544',
        },
      ],
      'corpus',
    );
    await db.delete(appState).where(eq(appState.key, 'arxiv_id_repair'));

    expect(await repairStoredArxivIds(db)).toBe(1);
    const [fixed] = await findVisibleWorks(db, null, [old!.refId]);
    expect(fixed).toMatchObject({
      refId: old!.refId,
      id: 'arxiv:0903.2544',
      doi: 'arxiv:0903.2544',
      hyperlink: 'https://arxiv.org/abs/0903.2544',
    });
    // Done once: a second start does nothing.
    expect(await repairStoredArxivIds(db)).toBe(0);

    const before = await countSharedWorks(db);
    const record = arxivToRecord({ id: 903.2544, title: 'Preferential attachment revisited' });
    if (!record.ok) throw new Error(record.reason);
    const [again] = await upsertWorks(db, [recordToWork(record.record)], 'corpus');
    expect(again?.refId).toBe(old!.refId);
    expect(await countSharedWorks(db)).toBe(before);
  });
});
