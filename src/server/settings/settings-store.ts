import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { userSettings } from '../db/schema';

export async function readSettings(db: Db, userId: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

export async function writeSearchFilters(db: Db, userId: string, filters: unknown) {
  await db
    .insert(userSettings)
    .values({ userId, searchFilters: filters })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { searchFilters: filters, updatedAt: new Date() },
    });
}

export interface AiSettingsChange {
  selectedModel?: string | null;
  contentLanguage?: string;
}

export async function writeAiSettings(db: Db, userId: string, change: AiSettingsChange) {
  await db
    .insert(userSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { ...change, updatedAt: new Date() },
    });
}

/** Adds tours to the ones the user has been shown; a tour already there stays once. */
export async function addToursSeen(db: Db, userId: string, tours: string[]) {
  const seen = new Set((await readSettings(db, userId))?.toursSeen ?? []);
  tours.forEach((tour) => seen.add(tour));
  const toursSeen = [...seen].sort();
  await db
    .insert(userSettings)
    .values({ userId, toursSeen })
    .onConflictDoUpdate({ target: userSettings.userId, set: { toursSeen, updatedAt: new Date() } });
}
