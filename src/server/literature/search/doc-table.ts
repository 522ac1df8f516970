/**
 * Per-document columns indexed by ordinal (the internal, never-reused document number). Filters
 * and length normalisation read these in the hot loop, so they are flat typed arrays: about 18
 * bytes a document plus the external id.
 */

export type ExternalDocId = number | string;

export const DocState = {
  /** Live and searchable. */
  live: 1,
  /** Removed; its postings are still in some segment and still counted in document frequencies. */
  removed: 2,
  /** Removed and its postings rewritten away. */
  purged: 3,
} as const;

export interface DocColumns {
  titleLengths: Uint16Array;
  bodyLengths: Uint16Array;
  /** 0 means unknown. */
  years: Int16Array;
  citations: Uint32Array;
  /** 0 means untyped; see CategoryCodes. */
  typeCodes: Uint8Array;
  /** 0 for a document every search sees; else the code of the only viewer who sees it. */
  owners: Uint32Array;
  states: Uint8Array;
}

export interface NewDoc {
  id: ExternalDocId;
  titleLength: number;
  bodyLength: number;
  year: number;
  citations: number;
  typeCode: number;
  ownerCode: number;
}

const MAX_LENGTH = 0xffff;

function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** Normalises a publication year for storage: 0 stands for unknown or implausible. */
export function storedYear(year: number | null | undefined): number {
  if (year === null || year === undefined || !Number.isFinite(year)) return 0;
  const whole = Math.trunc(year);
  return whole >= 1 && whole <= 32767 ? whole : 0;
}

export function storedCitations(citations: number | null | undefined): number {
  if (citations === null || citations === undefined || !Number.isFinite(citations)) return 0;
  return clampInt(citations, 0, 0xffffffff);
}

export class DocTable {
  columns: DocColumns;
  private ids: ExternalDocId[];
  private readonly ordinals = new Map<ExternalDocId, number>();
  /** Ordinals handed out so far (maxDoc). */
  count = 0;
  liveCount = 0;
  /** Live documents per owner code (0 = the shared library), so a viewer's count is cheap. */
  private readonly liveByOwner = new Map<number, number>();
  /** Live plus removed-but-unpurged: the population document frequencies describe. */
  indexedCount = 0;
  titleLengthTotal = 0;
  bodyLengthTotal = 0;

  constructor(capacity = 1024) {
    this.ids = [];
    this.columns = {
      titleLengths: new Uint16Array(capacity),
      bodyLengths: new Uint16Array(capacity),
      years: new Int16Array(capacity),
      citations: new Uint32Array(capacity),
      typeCodes: new Uint8Array(capacity),
      owners: new Uint32Array(capacity),
      states: new Uint8Array(capacity),
    };
  }

  /** Rebuilds a table from snapshot columns; live and length totals are recomputed. */
  static restore(ids: ExternalDocId[], columns: DocColumns, count: number): DocTable {
    const table = new DocTable(0);
    table.ids = ids;
    table.columns = columns;
    table.count = count;
    for (let ordinal = 0; ordinal < count; ordinal++) {
      const state = columns.states[ordinal];
      if (state === DocState.live) {
        table.ordinals.set(ids[ordinal]!, ordinal);
        table.liveCount += 1;
        table.countOwner(columns.owners[ordinal]!, 1);
        table.titleLengthTotal += columns.titleLengths[ordinal]!;
        table.bodyLengthTotal += columns.bodyLengths[ordinal]!;
      }
      if (state === DocState.live || state === DocState.removed) table.indexedCount += 1;
    }
    return table;
  }

  get capacity(): number {
    return this.columns.states.length;
  }

  externalIds(): readonly ExternalDocId[] {
    return this.ids;
  }

  ordinalOf(id: ExternalDocId): number | undefined {
    return this.ordinals.get(id);
  }

  idOf(ordinal: number): ExternalDocId {
    const id = this.ids[ordinal];
    if (id === undefined) throw new RangeError(`No document at ordinal ${ordinal}`);
    return id;
  }

  isLive(ordinal: number): boolean {
    return this.columns.states[ordinal] === DocState.live;
  }

  append(doc: NewDoc): number {
    const ordinal = this.count;
    if (ordinal >= this.capacity) this.grow(ordinal + 1);
    const columns = this.columns;
    const titleLength = Math.min(doc.titleLength, MAX_LENGTH);
    const bodyLength = Math.min(doc.bodyLength, MAX_LENGTH);
    columns.titleLengths[ordinal] = titleLength;
    columns.bodyLengths[ordinal] = bodyLength;
    columns.years[ordinal] = doc.year;
    columns.citations[ordinal] = doc.citations;
    columns.typeCodes[ordinal] = doc.typeCode;
    columns.owners[ordinal] = doc.ownerCode;
    columns.states[ordinal] = DocState.live;
    this.ids.push(doc.id);
    this.ordinals.set(doc.id, ordinal);
    this.count += 1;
    this.liveCount += 1;
    this.countOwner(doc.ownerCode, 1);
    this.indexedCount += 1;
    this.titleLengthTotal += titleLength;
    this.bodyLengthTotal += bodyLength;
    return ordinal;
  }

  /** Marks the document removed; returns its ordinal, or -1 when the id is unknown. */
  remove(id: ExternalDocId): number {
    const ordinal = this.ordinals.get(id);
    if (ordinal === undefined) return -1;
    this.ordinals.delete(id);
    const columns = this.columns;
    columns.states[ordinal] = DocState.removed;
    this.liveCount -= 1;
    this.countOwner(columns.owners[ordinal]!, -1);
    this.titleLengthTotal -= columns.titleLengths[ordinal]!;
    this.bodyLengthTotal -= columns.bodyLengths[ordinal]!;
    return ordinal;
  }

  /** Live documents owned by one of `ownerCodes`. */
  liveCountOf(ownerCodes: readonly number[]): number {
    return ownerCodes.reduce((sum, code) => sum + (this.liveByOwner.get(code) ?? 0), 0);
  }

  private countOwner(ownerCode: number, change: number): void {
    const count = (this.liveByOwner.get(ownerCode) ?? 0) + change;
    if (count === 0) this.liveByOwner.delete(ownerCode);
    else this.liveByOwner.set(ownerCode, count);
  }

  /** Called when a removed document's postings have been rewritten away. */
  markPurged(ordinal: number): void {
    if (this.columns.states[ordinal] !== DocState.removed) return;
    this.columns.states[ordinal] = DocState.purged;
    this.indexedCount -= 1;
  }

  /** Counts of unpurged and removed-unpurged documents in [from, to). */
  census(from: number, to: number): { docs: number; removed: number } {
    const states = this.columns.states;
    let docs = 0;
    let removed = 0;
    for (let ordinal = from; ordinal < to; ordinal++) {
      const state = states[ordinal];
      if (state === DocState.live) docs += 1;
      else if (state === DocState.removed) {
        docs += 1;
        removed += 1;
      }
    }
    return { docs, removed };
  }

  byteSize(): number {
    return this.capacity * 18 + this.count * 48;
  }

  private grow(needed: number): void {
    let capacity = Math.max(this.capacity, 1024);
    while (capacity < needed) capacity *= 2;
    const old = this.columns;
    const grown: DocColumns = {
      titleLengths: new Uint16Array(capacity),
      bodyLengths: new Uint16Array(capacity),
      years: new Int16Array(capacity),
      citations: new Uint32Array(capacity),
      typeCodes: new Uint8Array(capacity),
      owners: new Uint32Array(capacity),
      states: new Uint8Array(capacity),
    };
    grown.titleLengths.set(old.titleLengths);
    grown.bodyLengths.set(old.bodyLengths);
    grown.years.set(old.years);
    grown.citations.set(old.citations);
    grown.typeCodes.set(old.typeCodes);
    grown.owners.set(old.owners);
    grown.states.set(old.states);
    this.columns = grown;
  }
}
