import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Per-user preferences that follow the user between browsers: search filters, model, language. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  searchFilters: jsonb('search_filters').$type<unknown>(),
  selectedModel: text('selected_model'),
  contentLanguage: text('content_language'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
