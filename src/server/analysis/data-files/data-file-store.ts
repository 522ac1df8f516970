import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dataFiles } from '../../db/schema';

export type DataFileRow = typeof dataFiles.$inferSelect;
export type DataFileSummary = Omit<DataFileRow, 'original'>;

const summaryColumns = {
  id: dataFiles.id,
  ownerId: dataFiles.ownerId,
  filename: dataFiles.filename,
  format: dataFiles.format,
  originalSize: dataFiles.originalSize,
  sheets: dataFiles.sheets,
  createdAt: dataFiles.createdAt,
};

export async function insertDataFile(
  db: Db,
  row: Omit<typeof dataFiles.$inferInsert, 'id' | 'createdAt'>,
): Promise<DataFileSummary> {
  const [inserted] = await db.insert(dataFiles).values(row).returning(summaryColumns);
  if (!inserted) throw new Error('The data file was not stored');
  return inserted;
}

/** Newest first. Every query is scoped by owner: another user's file does not exist. */
export async function listDataFiles(db: Db, ownerId: string): Promise<DataFileSummary[]> {
  return db
    .select(summaryColumns)
    .from(dataFiles)
    .where(eq(dataFiles.ownerId, ownerId))
    .orderBy(desc(dataFiles.createdAt));
}

export async function findDataFile(
  db: Db,
  ownerId: string,
  fileId: string,
): Promise<DataFileSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(dataFiles)
    .where(and(eq(dataFiles.id, fileId), eq(dataFiles.ownerId, ownerId)));
  return row;
}

/** The original bytes, for the kernel. */
export async function readDataFileBytes(
  db: Db,
  ownerId: string,
  fileId: string,
): Promise<{ filename: string; original: Uint8Array } | undefined> {
  const [row] = await db
    .select({ filename: dataFiles.filename, original: dataFiles.original })
    .from(dataFiles)
    .where(and(eq(dataFiles.id, fileId), eq(dataFiles.ownerId, ownerId)));
  return row;
}

export async function deleteDataFile(db: Db, ownerId: string, fileId: string): Promise<boolean> {
  const deleted = await db
    .delete(dataFiles)
    .where(and(eq(dataFiles.id, fileId), eq(dataFiles.ownerId, ownerId)))
    .returning({ id: dataFiles.id });
  return deleted.length > 0;
}
