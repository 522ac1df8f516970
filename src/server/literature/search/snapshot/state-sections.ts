import { z } from 'zod';
import type { IndexState } from '../bm25-index';
import type { DocColumns } from '../doc-table';
import type { Segment } from '../postings/segment';
import { bytesOf, SnapshotFormatError, type Section } from './snapshot-sections';

/** Maps the index state to named byte sections and back, validating every shape on the way in. */

const metaSchema = z.object({
  analyzerId: z.string(),
  params: z.object({
    k1: z.number(),
    title: z.object({ weight: z.number(), b: z.number() }),
    abstract: z.object({ weight: z.number(), b: z.number() }),
  }),
  docCount: z.number().int().nonnegative(),
  typeNames: z.array(z.string()),
  ownerNames: z.array(z.string()),
  segments: z.array(z.object({ docBase: z.number().int(), docLimit: z.number().int() })),
});

const SEGMENT_ARRAYS = [
  'termIds',
  'docFreqs',
  'postingStarts',
  'positionStarts',
  'skipStarts',
  'skipDocs',
  'skipPostingOffsets',
  'skipPositionOffsets',
] as const;

function jsonSection(name: string, value: unknown): Section {
  return { name, data: new TextEncoder().encode(JSON.stringify(value)) };
}

export function stateToSections(state: IndexState): Section[] {
  const count = state.docCount;
  const columns = state.columns;
  const meta: z.infer<typeof metaSchema> = {
    analyzerId: state.analyzerId,
    params: state.params,
    docCount: count,
    typeNames: [...state.typeNames],
    ownerNames: [...state.ownerNames],
    segments: state.segments.map(({ docBase, docLimit }) => ({ docBase, docLimit })),
  };
  const sections: Section[] = [
    jsonSection('meta', meta),
    jsonSection('terms', state.terms),
    { name: 'docFreqs', data: bytesOf(state.docFreqs) },
    jsonSection('ids', state.ids.slice(0, count)),
    { name: 'titleLengths', data: bytesOf(columns.titleLengths.subarray(0, count)) },
    { name: 'bodyLengths', data: bytesOf(columns.bodyLengths.subarray(0, count)) },
    { name: 'years', data: bytesOf(columns.years.subarray(0, count)) },
    { name: 'citations', data: bytesOf(columns.citations.subarray(0, count)) },
    { name: 'typeCodes', data: bytesOf(columns.typeCodes.subarray(0, count)) },
    { name: 'owners', data: bytesOf(columns.owners.subarray(0, count)) },
    { name: 'states', data: bytesOf(columns.states.subarray(0, count)) },
  ];
  state.segments.forEach((segment, i) => {
    for (const key of SEGMENT_ARRAYS)
      sections.push({ name: `s${i}.${key}`, data: bytesOf(segment[key]) });
    sections.push({ name: `s${i}.postings`, data: segment.postings });
    sections.push({ name: `s${i}.positions`, data: segment.positions });
  });
  return sections;
}

class SectionReader {
  constructor(private readonly sections: Map<string, Uint8Array>) {}

  bytes(name: string): Uint8Array {
    const data = this.sections.get(name);
    if (data === undefined) throw new SnapshotFormatError('malformed', `Missing section "${name}"`);
    return data;
  }

  json(name: string): unknown {
    try {
      return JSON.parse(new TextDecoder().decode(this.bytes(name)));
    } catch {
      throw new SnapshotFormatError('malformed', `Section "${name}" is not valid JSON`);
    }
  }

  array<T>(
    name: string,
    make: (buffer: ArrayBuffer, offset: number, length: number) => T,
    width: number,
  ): T {
    const data = this.bytes(name);
    if (data.byteLength % width !== 0 || data.byteOffset % width !== 0) {
      throw new SnapshotFormatError('malformed', `Section "${name}" has a bad length or alignment`);
    }
    return make(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength / width);
  }

  uint32(name: string): Uint32Array {
    return this.array(name, (b, o, l) => new Uint32Array(b, o, l), 4);
  }
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new SnapshotFormatError('malformed', message);
}

function readSegment(reader: SectionReader, i: number, docBase: number, docLimit: number): Segment {
  const arrays = Object.fromEntries(
    SEGMENT_ARRAYS.map((key) => [key, reader.uint32(`s${i}.${key}`)]),
  ) as Record<(typeof SEGMENT_ARRAYS)[number], Uint32Array>;
  const segment: Segment = {
    docBase,
    docLimit,
    ...arrays,
    postings: reader.bytes(`s${i}.postings`),
    positions: reader.bytes(`s${i}.positions`),
  };
  const terms = segment.termIds.length;
  check(
    segment.docFreqs.length === terms &&
      segment.postingStarts.length === terms + 1 &&
      segment.positionStarts.length === terms + 1 &&
      segment.skipStarts.length === terms + 1 &&
      segment.skipPostingOffsets.length === segment.skipDocs.length &&
      segment.skipPositionOffsets.length === segment.skipDocs.length &&
      segment.postingStarts[terms] === segment.postings.length &&
      segment.positionStarts[terms] === segment.positions.length,
    `Segment ${i} arrays are inconsistent`,
  );
  return segment;
}

export function sectionsToState(sections: Map<string, Uint8Array>): IndexState {
  const reader = new SectionReader(sections);
  const meta = metaSchema.safeParse(reader.json('meta'));
  if (!meta.success) throw new SnapshotFormatError('malformed', 'Snapshot metadata is invalid');
  const { docCount } = meta.data;
  const terms = z.array(z.string()).safeParse(reader.json('terms'));
  const ids = z.array(z.union([z.string(), z.number()])).safeParse(reader.json('ids'));
  check(terms.success && ids.success, 'Snapshot terms or ids are invalid');
  const columns: DocColumns = {
    titleLengths: reader.array('titleLengths', (b, o, l) => new Uint16Array(b, o, l), 2),
    bodyLengths: reader.array('bodyLengths', (b, o, l) => new Uint16Array(b, o, l), 2),
    years: reader.array('years', (b, o, l) => new Int16Array(b, o, l), 2),
    citations: reader.uint32('citations'),
    typeCodes: reader.bytes('typeCodes'),
    owners: reader.uint32('owners'),
    states: reader.bytes('states'),
  };
  check(
    Object.values(columns).every((column: ArrayLike<number>) => column.length === docCount) &&
      (ids.data?.length ?? -1) === docCount,
    'Document columns do not match the document count',
  );
  const docFreqs = reader.array('docFreqs', (b, o, l) => new Int32Array(b, o, l), 4);
  check(docFreqs.length === (terms.data?.length ?? -1), 'Term frequencies do not match the terms');
  const segments = meta.data.segments.map(({ docBase, docLimit }, i) =>
    readSegment(reader, i, docBase, docLimit),
  );
  return {
    analyzerId: meta.data.analyzerId,
    params: meta.data.params,
    terms: terms.data ?? [],
    docFreqs,
    ids: ids.data ?? [],
    columns,
    docCount,
    typeNames: meta.data.typeNames,
    ownerNames: meta.data.ownerNames,
    segments,
  };
}
