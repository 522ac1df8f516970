import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appState, works } from '../../db/schema';
import { repairArxivId } from '../formats/arxiv-id';

const REPAIR_STATE_KEY = 'arxiv_id_repair';
const REPAIR_VERSION = 1;
const ARXIV_VALUE = /^(arxiv:|https:\/\/arxiv\.org\/abs\/)(.+)$/;

function repaired(value: string | null): string | null {
  if (value === null) return null;
  const match = ARXIV_VALUE.exec(value);
  return match ? `${match[1]!}${repairArxivId(match[2]!)}` : value;
}

/**
 * Once per installation: restores the digits the bundled arXiv ids lost (see arxiv-id.ts) in
 * works stored before the importer repaired them. The id, DOI, links and dedupe key are
 * corrected; the refId is kept, because papers already cite works by it and an id never
 * changes once stored. A re-import then finds the row by its corrected dedupe key.
 */
export async function repairStoredArxivIds(db: Db): Promise<number> {
  const [done] = await db.select().from(appState).where(eq(appState.key, REPAIR_STATE_KEY));
  if ((done?.value as { version?: number } | undefined)?.version === REPAIR_VERSION) return 0;
  const rows = await db
    .select({
      refId: works.refId,
      dedupeKey: works.dedupeKey,
      sourceId: works.sourceId,
      doi: works.doi,
      hyperlink: works.hyperlink,
      url: works.url,
    })
    .from(works)
    .where(
      or(
        sql`${works.sourceId} ~ '^arxiv:[0-9]{3,4}\\.[0-9]'`,
        sql`${works.hyperlink} ~ '^https://arxiv\\.org/abs/[0-9]{3,4}\\.[0-9]'`,
      ),
    );
  let changed = 0;
  for (const row of rows) {
    const fixed = {
      sourceId: repaired(row.sourceId) ?? row.sourceId,
      doi: repaired(row.doi),
      hyperlink: repaired(row.hyperlink),
      url: repaired(row.url),
    };
    const key = row.dedupeKey.startsWith('id:')
      ? `id:${repaired(row.dedupeKey.slice(3))!}`
      : row.dedupeKey;
    if (
      fixed.sourceId === row.sourceId &&
      fixed.doi === row.doi &&
      fixed.hyperlink === row.hyperlink &&
      fixed.url === row.url
    ) {
      continue;
    }
    const [taken] =
      key === row.dedupeKey
        ? []
        : await db.select({ refId: works.refId }).from(works).where(eq(works.dedupeKey, key));
    await db
      .update(works)
      .set({
        ...fixed,
        // Another row already holding the corrected key keeps it; this one keeps its own.
        dedupeKey: taken ? row.dedupeKey : key,
        changeSeq: sql`nextval('works_change_seq')`,
        updatedAt: sql`now()`,
      })
      .where(eq(works.refId, row.refId));
    changed += 1;
  }
  const value = { version: REPAIR_VERSION, repaired: changed, at: new Date().toISOString() };
  await db
    .insert(appState)
    .values({ key: REPAIR_STATE_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
  return changed;
}
