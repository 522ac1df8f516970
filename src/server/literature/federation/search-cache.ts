import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { literatureSearchCache } from '../../db/schema';
import type { SearchHidden, SearchSourceReport } from '../../../shared/literature/search-report';
import type { LiteratureQuery } from '../providers/literature-provider';

/** What is kept per query: stored works by refId, so a cached answer is as citable as a fresh one. */
export interface CachedAnswer {
  results: { refId: string; score: number }[];
  sources: SearchSourceReport[];
  hidden: SearchHidden[];
}

/** The same query to the same sources: text trimmed, document types in a fixed order. */
export function cacheKey(query: LiteratureQuery, sourceIds: string[]): string {
  const normal = {
    q: query.q.trim(),
    includeText: query.includeText.trim(),
    excludeText: query.excludeText.trim(),
    yearStart: query.yearStart,
    yearEnd: query.yearEnd,
    includeUndated: query.includeUndated,
    minCitations: query.minCitations,
    documentTypes: [...query.documentTypes].sort(),
    limit: query.limit,
    sources: [...sourceIds].sort(),
    // The library part of an answer holds the viewer's own imports: answers are per viewer.
    viewer: query.viewerId,
  };
  return createHash('sha256').update(JSON.stringify(normal)).digest('base64url');
}

export class SearchCache {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async read(key: string): Promise<CachedAnswer | null> {
    if (!this.enabled) return null;
    const [row] = await this.db
      .select()
      .from(literatureSearchCache)
      .where(eq(literatureSearchCache.key, key));
    if (!row || Date.now() - row.createdAt.getTime() > this.ttlMs) return null;
    return row.answer as CachedAnswer;
  }

  /** Stores the answer and prunes expired ones, so the table stays as small as the TTL allows. */
  async write(key: string, answer: CachedAnswer): Promise<void> {
    if (!this.enabled) return;
    await this.db
      .insert(literatureSearchCache)
      .values({ key, answer })
      .onConflictDoUpdate({
        target: literatureSearchCache.key,
        set: { answer, createdAt: sql`now()` },
      });
    await this.db
      .delete(literatureSearchCache)
      .where(lt(literatureSearchCache.createdAt, new Date(Date.now() - this.ttlMs)));
  }
}
