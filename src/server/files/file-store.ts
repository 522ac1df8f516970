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

/**
 * A paper's files belong to the paper: whoever the policy lets read it sees them all, and
 * `ownerId` says who uploaded each one. Callers authorize the paper first.
 */
export async function listPaperFiles(db: Db, paperId: string): Promise<PaperFileSummary[]> {
  return db
    .select(summaryColumns)
    .from(paperFiles)
    .where(eq(paperFiles.paperId, paperId))
    .orderBy(asc(paperFiles.createdAt), asc(paperFiles.filename));
}

/** One of the paper's files. */
export async function findPaperFile(
  db: Db,
  paperId: string,
  fileId: string,
): Promise<PaperFileSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(paperFiles)
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.paperId, paperId)));
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
      setWhere: eq(paperFiles.paperId, file.paperId),
    })
    .returning(summaryColumns);
  if (!row) throw new Error('File insert returned no row');
  return row;
}

export async function updateFileContents(
  db: Db,
  file: Pick<PaperFileSummary, 'id' | 'paperId'>,
  contents: string,
): Promise<PaperFileSummary | undefined> {
  const [row] = await db
    .update(paperFiles)
    .set({ contents, updatedAt: new Date() })
    .where(and(eq(paperFiles.id, file.id), eq(paperFiles.paperId, file.paperId)))
    .returning(summaryColumns);
  return row;
}

export async function deletePaperFile(
  db: Db,
  file: Pick<PaperFileSummary, 'id' | 'paperId'>,
): Promise<boolean> {
  const rows = await db
    .delete(paperFiles)
    .where(and(eq(paperFiles.id, file.id), eq(paperFiles.paperId, file.paperId)))
    .returning({ id: paperFiles.id });
  return rows.length > 0;
}
