import type { Work } from '../../../shared/citations/work';
import type { SearchSourceReport, SourceStatus } from '../../../shared/literature/search-report';
import type { Db } from '../../db/database';
import type {
  LiteratureProvider,
  LiteratureQuery,
  ScoredWork,
  SearchAnswer,
  SearchStage,
} from '../providers/literature-provider';
import type { LiteratureSource, SourceAnswer } from '../sources/literature-source';
import { SourceError } from '../sources/source-http';
import { findVisibleWorks, upsertWorks } from '../store/work-store';
import { mergeCandidates, type RankedList } from './merge-candidates';
import { rescore, type RankedCandidate } from './rescore';
import { cacheKey, SearchCache } from './search-cache';
import { SourceHealth, type DownStatus } from './source-health';

export interface FederationOptions {
  /** Per-source time limit; a slower source is reported as not answering. */
  timeoutMs: number;
  /** How long a source that was unreachable or timed out is skipped before it is probed. */
  backoffMs?: number;
  /** How long an answer is reused for the same query; 0 turns the cache off. */
  cacheMs: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

const LOCAL_SOURCE_ID = 'local';

/** When a source rate-limits without saying for how long, it is left alone this long. */
const DEFAULT_COOLDOWN_MS = 30_000;
const DEFAULT_BACKOFF_MS = 60_000;
/** Each failed probe doubles the back-off, up to this many times the first. */
const MAX_BACKOFF_FACTOR = 10;

type Outcome =
  | { source: LiteratureSource; ok: true; answer: SourceAnswer }
  | {
      source: LiteratureSource;
      ok: false;
      status: SourceStatus;
      /** Why it failed, for the log; absent when it was skipped without being asked. */
      error?: string;
      /** It was answering until this search found it unreachable. */
      wentDown?: boolean;
    };

const isDown = (status: SourceStatus): status is DownStatus =>
  status === 'unreachable' || status === 'timeout';

const FAILURE_STATUS: Record<SourceError['failure'], SourceStatus> = {
  timeout: 'timeout',
  unreachable: 'unreachable',
  http: 'failed',
  malformed: 'failed',
  'rate-limited': 'rate-limited',
};

/**
 * The default literature provider: the local library and every configured open source,
 * asked in parallel, each within its own time limit. Their answers are deduplicated, fused
 * by rank, re-scored with Scriptor's BM25F, filtered with the local engine's semantics, and
 * the results stored as shared works so each can be cited. A source that fails, is slow or
 * rate-limits is reported and left out; it never fails the search. A source that is
 * unreachable or times out is skipped until a background probe finds it answering again
 * (`SourceHealth`), so a server without internet searches as fast as its library alone.
 */
export class FederatedLiteratureProvider implements LiteratureProvider {
  readonly name = 'federated';
  readonly #cache: SearchCache;
  readonly #cooldownUntil = new Map<string, number>();
  readonly #health: SourceHealth;

  constructor(
    private readonly db: Db,
    readonly sources: LiteratureSource[],
    private readonly options: FederationOptions,
  ) {
    this.#cache = new SearchCache(db, options.cacheMs);
    const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.#health = new SourceHealth({ backoffMs, maxBackoffMs: backoffMs * MAX_BACKOFF_FACTOR });
  }

  async search(query: LiteratureQuery): Promise<ScoredWork[]> {
    return (await this.answer(query)).results;
  }

  /**
   * Stage 'library' answers from the library alone, at once, and reports the outside sources
   * it did not wait for as 'pending' (or as down, when they are being skipped); the pane then
   * asks stage 'all' for the complete answer.
   */
  async answer(query: LiteratureQuery, stage: SearchStage = 'all'): Promise<SearchAnswer> {
    const wanted = this.sources.filter((source) => this.#wanted(source, query));
    const sources =
      stage === 'library' ? wanted.filter((source) => source.id === LOCAL_SOURCE_ID) : wanted;
    const key = cacheKey(
      query,
      sources.map((source) => source.id),
    );
    // The library answers at once and changes with every import: only answers that asked a
    // slow outside source are worth keeping, and the library alone is always asked afresh.
    const cacheable = sources.some((source) => source.id !== 'local');
    const cached = cacheable ? await this.#fromCache(key, query.viewerId) : null;
    if (cached) return cached;

    const outcomes = await Promise.all(sources.map((source) => this.#ask(source, query)));
    this.#logFailures(outcomes);
    const lists: RankedList[] = outcomes.flatMap((outcome) =>
      outcome.ok
        ? [
            {
              sourceId: outcome.source.id,
              works: outcome.answer.works,
              stored: outcome.answer.stored === true,
              scores: outcome.answer.scores,
            },
          ]
        : [],
    );
    const { ranked, hidden } = rescore(mergeCandidates(lists), query);
    const results = await this.#store(ranked.slice(0, query.limit));
    const report: SearchSourceReport[] = wanted.map((source) => {
      const outcome = outcomes.find((asked) => asked.source === source);
      if (!outcome) {
        const status = this.#health.skipped(source.id) ?? 'pending';
        return { id: source.id, label: source.label, status, count: 0 };
      }
      return {
        id: source.id,
        label: source.label,
        status: outcome.ok ? 'answered' : outcome.status,
        count: outcome.ok ? outcome.answer.works.length : 0,
        ...(outcome.ok && outcome.answer.size !== undefined ? { size: outcome.answer.size } : {}),
      };
    });
    // Only a complete answer is kept: a source that was down should be asked again next time.
    if (cacheable && outcomes.every((outcome) => outcome.ok)) {
      await this.#cache.write(key, {
        results: results.map((work) => ({ refId: work.refId, score: work.similarity_score })),
        sources: report,
        hidden,
      });
    }
    return { results, sources: report, hidden };
  }

  /** Web search is asked only when web pages were asked for (002 §3 documentTypes.web). */
  #wanted(source: LiteratureSource, query: LiteratureQuery): boolean {
    return source.id !== 'web' || query.documentTypes.includes('web');
  }

  async #fromCache(key: string, viewerId: string | null): Promise<SearchAnswer | null> {
    const cached = await this.#cache.read(key);
    if (!cached) return null;
    const works = await findVisibleWorks(
      this.db,
      viewerId,
      cached.results.map((result) => result.refId),
    );
    // A cached work deleted since (it cannot be, today) would make the answer shorter, not wrong.
    const scores = new Map(cached.results.map((result) => [result.refId, result.score]));
    return {
      results: works.map((work) => ({ ...work, similarity_score: scores.get(work.refId) ?? 0 })),
      sources: cached.sources,
      hidden: cached.hidden,
    };
  }

  async #ask(source: LiteratureSource, query: LiteratureQuery): Promise<Outcome> {
    if ((this.#cooldownUntil.get(source.id) ?? 0) > Date.now()) {
      return { source, ok: false, status: 'rate-limited' };
    }
    const skipped = this.#health.skipped(source.id);
    if (skipped) {
      if (this.#health.claimProbe(source.id)) void this.#probe(source, query);
      return { source, ok: false, status: skipped };
    }
    const outcome = await this.#request(source, query);
    if (outcome.ok) this.#health.answered(source.id);
    else if (source.id !== LOCAL_SOURCE_ID && isDown(outcome.status)) {
      return { ...outcome, wentDown: this.#health.failed(source.id, outcome.status) };
    }
    return outcome;
  }

  /** Asks a skipped source in the background; nobody waits for it. */
  async #probe(source: LiteratureSource, query: LiteratureQuery): Promise<void> {
    const outcome = await this.#request(source, query);
    if (!outcome.ok && isDown(outcome.status)) {
      this.#health.failed(source.id, outcome.status);
      return;
    }
    // Any answer, even an HTTP error, shows the source can be reached again.
    this.#health.answered(source.id);
    this.options.log?.('literature source answers again', { source: source.id });
  }

  /**
   * At most one line per search for sources that failed, and one when sources go down: a
   * server without internet says so once, not once per source and search.
   */
  #logFailures(outcomes: Outcome[]): void {
    const failures = outcomes.flatMap((outcome) =>
      !outcome.ok && outcome.error !== undefined
        ? [{ ...outcome, detail: { source: outcome.source.id, error: outcome.error } }]
        : [],
    );
    const down = failures.filter((failure) => failure.wentDown);
    if (down.length > 0) {
      this.options.log?.(
        'outside literature sources are unreachable; searches skip them until a background probe finds them answering',
        { sources: down.map((failure) => failure.detail) },
      );
    }
    const failed = failures.filter((failure) => !isDown(failure.status));
    if (failed.length > 0) {
      this.options.log?.('literature sources did not answer', {
        sources: failed.map((failure) => ({ ...failure.detail, status: failure.status })),
      });
    }
  }

  async #request(source: LiteratureSource, query: LiteratureQuery): Promise<Outcome> {
    const controller = new AbortController();
    // This server's own library is the answer of last resort: it is waited for, not timed out.
    const timer =
      source.id === LOCAL_SOURCE_ID
        ? undefined
        : setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      // The race makes the limit hold even for a source that ignores its abort signal.
      const deadline = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () =>
          reject(new SourceError('timeout', `${source.label} did not answer in time`)),
        );
      });
      const answer = await Promise.race([source.search(query, controller.signal), deadline]);
      return { source, ok: true, answer };
    } catch (error) {
      const status = error instanceof SourceError ? FAILURE_STATUS[error.failure] : 'failed';
      if (error instanceof SourceError && error.failure === 'rate-limited') {
        this.#cooldownUntil.set(
          source.id,
          Date.now() + (error.retryAfterMs ?? DEFAULT_COOLDOWN_MS),
        );
      }
      const message = error instanceof Error ? error.message : String(error);
      return { source, ok: false, status, error: message };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  /** Stores the new works (shared, owned by nobody) and returns every result with its refId. */
  async #store(ranked: RankedCandidate[]): Promise<ScoredWork[]> {
    const byOrigin = new Map<string, Work[]>();
    for (const candidate of ranked) {
      if (candidate.stored) continue;
      const list = byOrigin.get(candidate.origin) ?? [];
      list.push(candidate.work);
      byOrigin.set(candidate.origin, list);
    }
    const storedWorks = new Map<Work, Work>();
    for (const [origin, works] of byOrigin) {
      const stored = await upsertWorks(this.db, works, origin);
      works.forEach((work, index) => storedWorks.set(work, stored[index]!));
    }
    const seen = new Set<string>();
    return ranked.flatMap((candidate) => {
      const work = candidate.stored ? candidate.work : storedWorks.get(candidate.work);
      if (!work || seen.has(work.refId)) return [];
      seen.add(work.refId);
      return [{ ...work, similarity_score: candidate.score }];
    });
  }
}
