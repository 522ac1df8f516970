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
