import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paperFiles } from '../db/schema';

export type PaperFileRow = typeof paperFiles.$inferSelect;
/** A file without its original bytes: what lists and prompts need. */
export type PaperFileSummary = Omit<PaperFileRow, 'original'>;

const summaryColumns = {
  id: paperFiles.id,
  paperId: paperFiles.paperId,
  ownerId: paperFiles.ownerId,
  filename: paperFiles.filename,
  goal: paperFiles.goal,
  originalSize: paperFiles.originalSize,
  contents: paperFiles.contents,
  createdAt: paperFiles.createdAt,
  updatedAt: paperFiles.updatedAt,
};

/** Every query is scoped by owner: another user's file simply does not exist. */
export async function listPaperFiles(
  db: Db,
  ownerId: string,
  paperId: string,
): Promise<PaperFileSummary[]> {
  return db
    .select(summaryColumns)
    .from(paperFiles)
    .where(and(eq(paperFiles.paperId, paperId), eq(paperFiles.ownerId, ownerId)))
    .orderBy(asc(paperFiles.createdAt), asc(paperFiles.filename));
}

export async function findOwnedFile(
  db: Db,
  ownerId: string,
  fileId: string,
): Promise<PaperFileSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(paperFiles)
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.ownerId, ownerId)));
  return row;
}

/**
 * Who a file id belongs to, whoever asks: an upload may choose its file's id, and must not
 * take one that is already another paper's.
 */
export async function fileIdOwner(
  db: Db,
  fileId: string,
): Promise<{ ownerId: string; paperId: string } | undefined> {
  const [row] = await db
    .select({ ownerId: paperFiles.ownerId, paperId: paperFiles.paperId })
    .from(paperFiles)
    .where(eq(paperFiles.id, fileId));
  return row;
}

export interface StoredConversion {
  id: string | undefined;
  ownerId: string;
  paperId: string;
  filename: string;
  goal: string;
  original: Uint8Array;
  contents: string;
}

/**
 * Stores a converted file in one statement, so a failed conversion never leaves half a file.
 * An id the client chose for a file it uploads again replaces that file's content.
 */
export async function storeConvertedFile(
  db: Db,
  file: StoredConversion,
): Promise<PaperFileSummary> {
  const values = {
    paperId: file.paperId,
    ownerId: file.ownerId,
    filename: file.filename,
    goal: file.goal,
    original: file.original,
    originalSize: file.original.byteLength,
    contents: file.contents,
  };
  const [row] = await db
    .insert(paperFiles)
    .values(file.id ? { ...values, id: file.id } : values)
    .onConflictDoUpdate({
      target: paperFiles.id,
      set: { ...values, updatedAt: new Date() },
      setWhere: and(eq(paperFiles.ownerId, file.ownerId), eq(paperFiles.paperId, file.paperId)),
    })
    .returning(summaryColumns);
  if (!row) throw new Error('File insert returned no row');
  return row;
}

export async function updateFileContents(
  db: Db,
  ownerId: string,
  fileId: string,
  contents: string,
): Promise<PaperFileSummary | undefined> {
  const [row] = await db
    .update(paperFiles)
    .set({ contents, updatedAt: new Date() })
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.ownerId, ownerId)))
    .returning(summaryColumns);
  return row;
}

export async function deleteOwnedFile(db: Db, ownerId: string, fileId: string): Promise<boolean> {
  const rows = await db
    .delete(paperFiles)
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.ownerId, ownerId)))
    .returning({ id: paperFiles.id });
  return rows.length > 0;
}
