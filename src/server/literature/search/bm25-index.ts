import { scientificEnglishAnalyzer, type TextAnalyzer } from './analyzer';
import {
  Bm25fScorer,
  DEFAULT_BM25F_PARAMS,
  inverseDocumentFrequency,
  type Bm25fParams,
} from './bm25f';
import { CategoryCodes } from './category-codes';
import { OwnerCodes } from './owner-codes';
import {
  DocTable,
  storedCitations,
  storedYear,
  type DocColumns,
  type ExternalDocId,
} from './doc-table';
import { DocumentTerms } from './postings/document-terms';
import { pickMerge, planFullMerge, type MergeRange } from './postings/merge-policy';
import { FIELD_POSITION_GAP, segmentByteSize, type Segment } from './postings/segment';
import { SegmentBuffer } from './postings/segment-buffer';
import { mergeSegments } from './postings/segment-merge';
import { planQuery, type QueryText } from './query/query-plan';
import { SearchScratch } from './query/search-scratch';
import { compileFilter, type SearchFilters } from './query/search-filters';
import { executeSearch } from './query/searcher';
import { TermDictionary } from './term-dictionary';
import { NOT_CACHED, STOP_WORD, TokenTermCache } from './token-term-cache';
import type { TokenRangeSink } from './text/tokenize';

/** What the index needs from a work; the caller maps its own record type onto this. */
export interface IndexableDoc {
  docId: ExternalDocId;
  title: string | null;
  abstract: string | null;
  year?: number | null;
  /** Citation count (is_referenced_by_count). */
  citations?: number | null;
  /** Category for the documentTypes filter, e.g. documentTypeCategory(record.type). */
  type?: string | null;
  /** Who may find it: absent or null for every search, else only searches with this viewer. */
  owner?: string | null;
}

export interface SearchRequest extends QueryText, SearchFilters {
  /** Number of results; default 100, at most 1000. */
  limit?: number;
}

export interface SearchHit {
  docId: ExternalDocId;
  /** BM25F score; 0 when the request had no words to rank by (most cited first). */
  score: number;
}

export interface Bm25IndexOptions {
  params?: Bm25fParams;
  analyzer?: TextAnalyzer;
  /** Postings buffered before a segment is sealed; bounds the write buffer (~22 bytes each). */
  maxBufferedPostings?: number;
}

export interface IndexStats {
  documents: number;
  removedNotPurged: number;
  terms: number;
  segments: number;
  bufferedPostings: number;
  postingBytes: number;
  positionBytes: number;
  /** Typed-array bytes held by segments, document columns and query scratch. */
  approximateBytes: number;
}

/** Everything a snapshot stores; produced by exportState, consumed by fromState. */
export interface IndexState {
  analyzerId: string;
  params: Bm25fParams;
  terms: readonly string[];
  docFreqs: Int32Array;
  ids: ExternalDocId[];
  columns: DocColumns;
  docCount: number;
  typeNames: readonly string[];
  ownerNames: readonly string[];
  segments: readonly Segment[];
}

export const DEFAULT_RESULT_LIMIT = 100;
export const MAX_RESULT_LIMIT = 1000;
const DEFAULT_MAX_BUFFERED_POSTINGS = 8_000_000;

/**
 * In-memory BM25F index over titles and abstracts. New documents go to a write buffer that is
 * sealed into immutable, compactly encoded segments (see README.md); removal marks the
 * document, and merges drop its postings later. Adding a docId that exists replaces it.
 */
export class Bm25Index {
  private readonly analyzer: TextAnalyzer;
  private readonly maxBufferedPostings: number;
  private params: Bm25fParams;
  private terms: TermDictionary;
  private docs: DocTable;
  private types: CategoryCodes;
  private owners: OwnerCodes;
  private segments: Segment[] = [];
  private buffer: SegmentBuffer;
  private readonly scratch = new SearchScratch();
  private readonly documentTerms = new DocumentTerms();
  private readonly tokenTerms = new TokenTermCache();
  private bodyPositionOffset = 0;
  private readonly titleSink: TokenRangeSink = (text, start, end, position) => {
    const termId = this.termIdOf(text, start, end);
    if (termId !== STOP_WORD) this.documentTerms.addTitleToken(termId, position);
  };
  private readonly bodySink: TokenRangeSink = (text, start, end, position) => {
    const termId = this.termIdOf(text, start, end);
    if (termId !== STOP_WORD) {
      this.documentTerms.addBodyToken(termId, this.bodyPositionOffset + position);
    }
  };

  constructor(options: Bm25IndexOptions = {}) {
    this.analyzer = options.analyzer ?? scientificEnglishAnalyzer;
    this.params = options.params ?? DEFAULT_BM25F_PARAMS;
    this.maxBufferedPostings = options.maxBufferedPostings ?? DEFAULT_MAX_BUFFERED_POSTINGS;
    this.terms = new TermDictionary();
    this.docs = new DocTable();
    this.types = new CategoryCodes();
    this.owners = new OwnerCodes();
    this.buffer = new SegmentBuffer(0);
  }

  /** Rebuilds an index from a snapshot's state; the analyzer must be the one it was built with. */
  static fromState(state: IndexState, options: Bm25IndexOptions = {}): Bm25Index {
    const index = new Bm25Index({ ...options, params: options.params ?? state.params });
    if (index.analyzer.id !== state.analyzerId) {
      throw new Error(
        `Index was built with analyzer "${state.analyzerId}", not "${index.analyzer.id}"`,
      );
    }
    index.terms = TermDictionary.restore([...state.terms], state.docFreqs);
    index.docs = DocTable.restore(state.ids, state.columns, state.docCount);
    index.types = new CategoryCodes(state.typeNames);
    index.owners = new OwnerCodes(state.ownerNames);
    index.segments = [...state.segments];
    index.buffer = new SegmentBuffer(state.docCount);
    return index;
  }

  /** Live documents. */
  get size(): number {
    return this.docs.liveCount;
  }

  /**
   * Live documents a viewer's searches can find: the shared library plus the viewer's own.
   * Other owners' documents are never counted, so a count cannot reveal someone's imports.
   */
  sizeVisibleTo(viewer: string | null | undefined): number {
    const own = viewer ? this.owners.lookup(viewer) : undefined;
    return this.docs.liveCountOf(own === undefined ? [0] : [0, own]);
  }

  /**
   * Each analyzed term's idf over the index, as its searches weigh it (a term no document holds
   * weighs as the rarest), so a caller can tell a topic's informative words from common ones.
   */
  termRarity(terms: readonly string[]): Map<string, number> {
    const docCount = this.docs.indexedCount;
    return new Map(
      terms.map((term) => {
        const id = this.terms.idOf(term);
        return [term, inverseDocumentFrequency(docCount, id === -1 ? 0 : this.terms.docFreq(id))];
      }),
    );
  }

  get scoringParams(): Bm25fParams {
    return this.params;
  }

  /** Scoring parameters can change at any time: nothing stored depends on them. */
  set scoringParams(params: Bm25fParams) {
    this.params = params;
  }

  has(docId: ExternalDocId): boolean {
    return this.docs.ordinalOf(docId) !== undefined;
  }

  /** Adds a document, replacing any document with the same docId. */
  add(doc: IndexableDoc): void {
    this.docs.remove(doc.docId);
    const terms = this.documentTerms;
    terms.begin();
    const titlePositions = this.analyzer.scan(doc.title ?? '', this.titleSink);
    this.bodyPositionOffset = titlePositions + FIELD_POSITION_GAP;
    this.analyzer.scan(doc.abstract ?? '', this.bodySink);
    terms.group();
    for (let slot = 0; slot < terms.terms.length; slot++) {
      this.terms.incrementDocFreq(terms.terms.data[slot]!);
    }
    const ordinal = this.docs.append({
      id: doc.docId,
      titleLength: terms.titleLength,
      bodyLength: terms.bodyLength,
      year: storedYear(doc.year),
      citations: storedCitations(doc.citations),
      typeCode: this.types.codeFor(doc.type),
      ownerCode: this.owners.codeFor(doc.owner),
    });
    this.buffer.addDocument(ordinal, terms);
    if (this.buffer.postingCount >= this.maxBufferedPostings) this.flush();
  }

  /** Removes a document; false when the docId is not in the index. */
  remove(docId: ExternalDocId): boolean {
    return this.docs.remove(docId) !== -1;
  }

  /** Seals buffered documents into a segment (searches do this themselves). */
  flush(): void {
    const segment = this.buffer.seal(
      this.terms.size,
      (ordinal) => this.docs.isLive(ordinal),
      (termId) => this.terms.decrementDocFreq(termId),
    );
    if (segment === null) return;
    this.purgeRemoved(segment);
    if (segment.termIds.length > 0) this.segments.push(segment);
    for (let range = this.nextMerge(); range !== null; range = this.nextMerge()) {
      this.merge(range);
    }
  }

  /** Merges all segments (within the size limit) and purges removed documents: best query speed. */
  optimize(): void {
    this.flush();
    const ranges = planFullMerge(this.shapes());
    for (const range of ranges.reverse()) this.merge(range);
  }

  search(request: SearchRequest): SearchHit[] {
    this.flush();
    const limit = Math.min(
      Math.max(Math.trunc(request.limit ?? DEFAULT_RESULT_LIMIT), 0),
      MAX_RESULT_LIMIT,
    );
    const docs = this.docs;
    const live = Math.max(docs.liveCount, 1);
    const scorer = new Bm25fScorer(this.params, {
      docCount: docs.indexedCount,
      averageTitleLength: docs.titleLengthTotal / live,
      averageBodyLength: docs.bodyLengthTotal / live,
    });
    const plan = planQuery(request, this.analyzer);
    const filter = compileFilter(request, this.types, this.owners);
    const context = {
      segments: this.segments,
      docs,
      terms: this.terms,
      scorer,
      scratch: this.scratch,
    };
    return executeSearch(context, plan, filter, limit).map(({ ordinal, score }) => ({
      docId: docs.idOf(ordinal),
      score,
    }));
  }

  stats(): IndexStats {
    const postingBytes = this.segments.reduce((sum, s) => sum + s.postings.byteLength, 0);
    const positionBytes = this.segments.reduce((sum, s) => sum + s.positions.byteLength, 0);
    const segmentBytes = this.segments.reduce((sum, s) => sum + segmentByteSize(s), 0);
    return {
      documents: this.docs.liveCount,
      removedNotPurged: this.docs.indexedCount - this.docs.liveCount,
      terms: this.terms.size,
      segments: this.segments.length,
      bufferedPostings: this.buffer.postingCount,
      postingBytes,
      positionBytes,
      approximateBytes: segmentBytes + this.docs.byteSize() + this.scratch.byteSize(),
    };
  }

  /**
   * The index as plain arrays for a snapshot; flushes first so nothing is left in the buffer.
   * Segments are immutable and shared; everything that later writes would change is copied,
   * so the state stays consistent while a snapshot is written out asynchronously.
   */
  exportState(): IndexState {
    this.flush();
    const count = this.docs.count;
    const columns = this.docs.columns;
    return {
      analyzerId: this.analyzer.id,
      params: this.params,
      terms: [...this.terms.allTerms()],
      docFreqs: this.terms.docFreqArray().slice(),
      ids: [...this.docs.externalIds()],
      columns: {
        titleLengths: columns.titleLengths.slice(0, count),
        bodyLengths: columns.bodyLengths.slice(0, count),
        years: columns.years.slice(0, count),
        citations: columns.citations.slice(0, count),
        typeCodes: columns.typeCodes.slice(0, count),
        owners: columns.owners.slice(0, count),
        states: columns.states.slice(0, count),
      },
      docCount: count,
      typeNames: this.types.list(),
      ownerNames: this.owners.list(),
      segments: [...this.segments],
    };
  }

  private termIdOf(text: string, start: number, end: number): number {
    const cached = this.tokenTerms.lookup(text, start, end);
    if (cached !== NOT_CACHED) return cached;
    const token = text.slice(start, end);
    const term = this.analyzer.termOf(token);
    const termId = term === null ? STOP_WORD : this.terms.intern(term);
    this.tokenTerms.insertMissed(token, termId);
    return termId;
  }

  private shapes() {
    return this.segments.map((segment) => {
      const census = this.docs.census(segment.docBase, segment.docLimit);
      return { docs: census.docs, deadDocs: census.removed, bytes: segment.postings.byteLength };
    });
  }

  private nextMerge(): MergeRange | null {
    return pickMerge(this.shapes());
  }

  private merge(range: MergeRange): void {
    const merged = mergeSegments(
      this.segments.slice(range.start, range.end),
      (ordinal) => this.docs.isLive(ordinal),
      (termId) => this.terms.decrementDocFreq(termId),
    );
    this.purgeRemoved(merged);
    const replacement = merged.termIds.length > 0 ? [merged] : [];
    this.segments.splice(range.start, range.end - range.start, ...replacement);
  }

  private purgeRemoved(segment: Segment): void {
    for (let ordinal = segment.docBase; ordinal < segment.docLimit; ordinal++) {
      this.docs.markPurged(ordinal);
    }
  }
}
