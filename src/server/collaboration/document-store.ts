import { and, asc, eq, lte, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import {
  DOCUMENT_SCHEMA_VERSION,
  markdownToYDoc,
  yDocToMarkdown,
} from '../../shared/document/live/y-document';
import type { Db } from '../db/database';
import { preparedStatement } from '../db/prepared-statement';
import { paperDocumentUpdates, paperDocuments, papers } from '../db/schema';

/**
 * The live document's rows: a compacted Yjs state per paper (paper_documents) plus the
 * updates received since (paper_document_updates), and the markdown kept in papers.content.
 */

/**
 * The paper's live state: the stored state with every update received since merged in. A
 * paper opened for the first time is made from its markdown, once: the paper row is locked,
 * so two processes opening it at once make one state, and the second reads the first's.
 * Undefined when the paper does not exist.
 */
export async function loadLiveState(db: Db, paperId: string): Promise<Uint8Array | undefined> {
  const stored = await readState(db, paperId);
  if (stored) return stored;
  return db.transaction(async (tx) => {
    const [paper] = await tx
      .select({ content: papers.content })
      .from(papers)
      .where(eq(papers.id, paperId))
      .for('update');
    if (!paper) return undefined;
    const madeMeanwhile = await readState(tx, paperId);
    if (madeMeanwhile) return madeMeanwhile;
    const state = Y.encodeStateAsUpdate(markdownToYDoc(paper.content));
    await tx
      .insert(paperDocuments)
      .values({ paperId, state, schemaVersion: DOCUMENT_SCHEMA_VERSION });
    return state;
  });
}

async function readState(db: Db, paperId: string): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ state: paperDocuments.state })
    .from(paperDocuments)
    .where(eq(paperDocuments.paperId, paperId));
  if (!row) return undefined;
  const updates = await db
    .select({ update: paperDocumentUpdates.update })
    .from(paperDocumentUpdates)
    .where(eq(paperDocumentUpdates.paperId, paperId))
    .orderBy(asc(paperDocumentUpdates.id));
  if (updates.length === 0) return row.state;
  return Y.mergeUpdates([row.state, ...updates.map(({ update }) => update)]);
}

/**
 * Appends updates to the log in their order (ids ascend with it), so that they survive a crash
 * before the next compaction. It runs once per keystroke: a statement prepared once, whatever
 * the number of updates (they travel as one array of hex strings).
 */
export async function appendUpdates(
  db: Db,
  paperId: string,
  updates: readonly Uint8Array[],
): Promise<void> {
  const hex = updates.map((update) => `"${Buffer.from(update).toString('hex')}"`);
  await appendUpdatesStatement(db, { paperId, updates: `{${hex.join(',')}}` });
}

const appendUpdatesStatement = preparedStatement(
  'append_document_updates',
  `insert into paper_document_updates (paper_id, update)
    select $1::uuid, decode(u.hex, 'hex')
    from unnest($2::text[]) with ordinality as u(hex, position)
    order by u.position`,
  ['paperId', 'updates'],
);

/**
 * Compacts: the live state, with the stored state and every update logged so far merged in
 * (another process may have logged or compacted some this one has not yet received), becomes
 * the stored state, those updates
 * are deleted, and papers.content gets the markdown. Before the first change from the live
 * document, the content as saved is kept as saved_content (see papers.ts). Answers the
 * markdown written.
 */
export async function compactState(
  db: Db,
  paperId: string,
  liveState: Uint8Array,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const logged = await tx
      .select({ id: paperDocumentUpdates.id, update: paperDocumentUpdates.update })
      .from(paperDocumentUpdates)
      .where(eq(paperDocumentUpdates.paperId, paperId))
      .orderBy(asc(paperDocumentUpdates.id));
    // The stored state too: another process may have compacted updates this one has not
    // received yet (they are relayed, not instant), and they must not be dropped from it.
    const [stored] = await tx
      .select({ state: paperDocuments.state })
      .from(paperDocuments)
      .where(eq(paperDocuments.paperId, paperId))
      .for('update');
    const state = Y.mergeUpdates([
      ...(stored ? [stored.state] : []),
      liveState,
      ...logged.map(({ update }) => update),
    ]);
    const ydoc = new Y.Doc();
    Y.applyUpdate(ydoc, state);
    const markdown = yDocToMarkdown(ydoc);
    ydoc.destroy();
    const [paper] = await tx
      .update(papers)
      .set({
        savedContent: sql`case when ${papers.savedContent} is null and ${papers.content} <> ${markdown} then ${papers.content} else ${papers.savedContent} end`,
        content: markdown,
      })
      .where(eq(papers.id, paperId))
      .returning({ id: papers.id });
    if (!paper) return undefined;
    await tx
      .insert(paperDocuments)
      .values({ paperId, state, schemaVersion: DOCUMENT_SCHEMA_VERSION })
      .onConflictDoUpdate({
        target: paperDocuments.paperId,
        set: { state, schemaVersion: DOCUMENT_SCHEMA_VERSION, updatedAt: new Date() },
      });
    const last = logged.at(-1);
    if (last) {
      await tx
        .delete(paperDocumentUpdates)
        .where(
          and(eq(paperDocumentUpdates.paperId, paperId), lte(paperDocumentUpdates.id, last.id)),
        );
    }
    return markdown;
  });
}

/** Compacts every paper whose log holds updates: what a crash left before its compaction. */
export async function compactPendingUpdates(db: Db): Promise<void> {
  const pending = await db
    .selectDistinct({ paperId: paperDocumentUpdates.paperId })
    .from(paperDocumentUpdates);
  for (const { paperId } of pending) {
    const state = await loadLiveState(db, paperId);
    if (state) await compactState(db, paperId, state);
  }
}
