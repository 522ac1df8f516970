import type { Work } from '../../../shared/citations/work';
import { identitiesOf } from './work-identity';

/** One source's ranked answer, as the merge sees it. */
export interface RankedList {
  sourceId: string;
  works: Work[];
  /** Stored works (the local library) keep their refId and are not stored again. */
  stored: boolean;
  scores?: number[];
}

/** One work after deduplication, with what the fusion and the store need to know. */
export interface MergedCandidate {
  work: Work;
  /** Whether `work` is already a stored work (its refId is final). */
  stored: boolean;
  /** The source whose record was kept; the others only filled gaps. */
  origin: string;
  /** Reciprocal-rank fusion score (Cormack et al., 2009): Σ 1 / (k + rank). */
  fused: number;
  /** Which sources found it. */
  sources: string[];
  /**
   * The score the kept record's source gave it (the library's BM25F over the whole library),
   * or null when that source gives none. Comparable only between works of one source.
   */
  sourceScore: number | null;
}

/** RRF's constant: 60 in the original paper and in most engines that implement it. */
export const RRF_K = 60;

/**
 * Whose record to keep when several sources found one work: the library's stored copy (so
 * existing refIds win), then the sources with the fullest publication metadata.
 */
const ORIGIN_PRIORITY = [
  'local',
  'opensearch',
  'crossref',
  'openalex',
  'pubmed',
  'semanticscholar',
  'arxiv',
  'web',
];

function priority(sourceId: string): number {
  const index = ORIGIN_PRIORITY.indexOf(sourceId);
  return index === -1 ? ORIGIN_PRIORITY.length : index;
}

class DisjointSets {
  readonly #parent: number[] = [];
  add(): number {
    this.#parent.push(this.#parent.length);
    return this.#parent.length - 1;
  }
  find(item: number): number {
    let root = item;
    while (this.#parent[root] !== root) root = this.#parent[root]!;
    while (this.#parent[item] !== root) {
      const next = this.#parent[item]!;
      this.#parent[item] = root;
      item = next;
    }
    return root;
  }
  union(a: number, b: number) {
    this.#parent[this.find(a)] = this.find(b);
  }
}

interface Entry {
  work: Work;
  sourceId: string;
  stored: boolean;
  rank: number;
  score: number | null;
}

/**
 * The kept record with every gap filled from the other copies (the longest abstract, the
 * largest citation count). A stored work is kept as stored: its row is what citing it shows.
 */
function combine(entries: Entry[]): Work {
  const [first] = entries;
  const work: Work = { ...first!.work };
  if (first!.stored) return work;
  const fields = Object.keys(work) as (keyof Work)[];
  for (const { work: other } of entries.slice(1)) {
    for (const field of fields) {
      const value = work[field];
      const empty = value === null || (Array.isArray(value) && value.length === 0);
      if (empty && other[field] !== null) Object.assign(work, { [field]: other[field] });
    }
    if ((other.abstract?.length ?? 0) > (work.abstract?.length ?? 0)) {
      work.abstract = other.abstract;
    }
    if ((other.is_referenced_by_count ?? -1) > (work.is_referenced_by_count ?? -1)) {
      work.is_referenced_by_count = other.is_referenced_by_count;
    }
  }
  return work;
}

/**
 * Deduplicates the sources' answers (two results sharing a DOI, arXiv id, PubMed id or
 * normalised title and year are one work) and scores each merged work by reciprocal-rank
 * fusion. Returns the merged works best first by fused score.
 */
export function mergeCandidates(lists: RankedList[]): MergedCandidate[] {
  const entries: Entry[] = [];
  const sets = new DisjointSets();
  const owner = new Map<string, number>();
  for (const list of lists) {
    list.works.forEach((work, rank) => {
      const item = sets.add();
      entries.push({
        work,
        sourceId: list.sourceId,
        stored: list.stored,
        rank: rank + 1,
        score: list.scores?.[rank] ?? null,
      });
      for (const key of identitiesOf(work)) {
        const known = owner.get(key);
        if (known === undefined) owner.set(key, item);
        else sets.union(item, known);
      }
    });
  }
  const groups = new Map<number, Entry[]>();
  entries.forEach((entry, item) => {
    const root = sets.find(item);
    const group = groups.get(root);
    if (group) group.push(entry);
    else groups.set(root, [entry]);
  });
  const merged: MergedCandidate[] = [];
  for (const group of groups.values()) {
    group.sort(
      (a, b) => Number(b.stored) - Number(a.stored) || priority(a.sourceId) - priority(b.sourceId),
    );
    const best = new Map<string, number>();
    for (const entry of group) {
      best.set(entry.sourceId, Math.min(best.get(entry.sourceId) ?? Infinity, entry.rank));
    }
    let fused = 0;
    for (const rank of best.values()) fused += 1 / (RRF_K + rank);
    merged.push({
      work: combine(group),
      stored: group[0]!.stored,
      origin: group[0]!.sourceId,
      fused,
      sources: [...best.keys()],
      sourceScore: group[0]!.score,
    });
  }
  return merged.sort((a, b) => b.fused - a.fused);
}
