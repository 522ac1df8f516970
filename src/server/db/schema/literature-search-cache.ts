import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Federated search answers by query, so a repeated search (the same query from another user,
 * the engine's retrieval after the pane's) does not ask every API again. Durable, so every
 * web process and the worker share it; rows older than LITERATURE_CACHE_MINUTES are ignored
 * and pruned.
 */
export const literatureSearchCache = pgTable(
  'literature_search_cache',
  {
    key: text('key').primaryKey(),
    answer: jsonb('answer').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('literature_search_cache_created_idx').on(table.createdAt)],
);
