import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Per-user preferences that follow the user between browsers: search filters, model, language,
 * and the guided tours already shown (each is shown once per user, on any device).
 */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  searchFilters: jsonb('search_filters').$type<unknown>(),
  selectedModel: text('selected_model'),
  contentLanguage: text('content_language'),
  toursSeen: jsonb('tours_seen').$type<string[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
