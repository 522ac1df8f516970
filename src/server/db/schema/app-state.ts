import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts about the installation itself, e.g. which bundled corpus version is loaded. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
