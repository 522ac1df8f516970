import { arxivToRecord } from './arxiv-record';
import { beirToRecord } from './beir-record';
import { detectFormat } from './detect-format';
import { readLines, type LineInput, type ReadProgress } from './jsonl-lines';
import type { LiteratureRecord, LiteratureSource, RecordConversion } from './literature-record';
import { openAlexToRecord } from './openalex-record';
import { capRecordFields, containsNul } from './record-limits';

export interface SkippedLine {
  lineNumber: number;
  reason: string;
  /** The start of the offending line, for the import log. */
  excerpt: string;
}

/** Something changed in a record that was kept: a field cut to its length limit. */
export interface RecordNote {
  lineNumber: number;
  message: string;
}

export interface ReadRecordsOptions {
  onProgress?: (progress: ReadProgress) => void;
  /** Called for each line that is not a usable record; reading always continues. */
  onSkippedLine?: (skipped: SkippedLine) => void;
  /** Called for each kept record whose fields were cut to their limits (record-limits.ts). */
  onNote?: (note: RecordNote) => void;
  /** Size hint for progress when the input is a stream. */
  totalBytes?: number;
}

const EXCERPT_LENGTH = 120;

const CONVERTERS: Readonly<Record<LiteratureSource, (value: unknown) => RecordConversion>> = {
  arxiv: arxivToRecord,
  openalex: openAlexToRecord,
  beir: beirToRecord,
};

/** Parses one JSON line of any supported source into a normalised record. */
export function parseLiteratureLine(line: string): RecordConversion {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `invalid JSON: ${detail}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'not a JSON object' };
  }
  const source = detectFormat(value as Record<string, unknown>);
  if (source === null) return { ok: false, reason: 'unrecognised record shape' };
  return CONVERTERS[source](value);
}

/**
 * Streams normalised records from a JSONL file or stream (gzip detected by content) of arXiv
 * metadata, OpenAlex works or a BEIR corpus, in any mix. Blank lines are ignored; bad lines
 * (including text with a NUL character, which the database cannot store) are reported through
 * onSkippedLine with their 1-based line number and skipped; overlong fields are cut and noted.
 * A compressed input that ends early throws TruncatedInputError after its last whole line.
 */
export async function* readLiteratureRecords(
  input: LineInput,
  options: ReadRecordsOptions = {},
): AsyncGenerator<LiteratureRecord> {
  for await (const { record } of readNumberedRecords(input, options)) yield record;
}

/**
 * readLiteratureRecords with each record's line number, for callers that checkpoint their
 * position; lines up to `startAfterLine` are passed over unparsed (a resumed load).
 */
export async function* readNumberedRecords(
  input: LineInput,
  options: ReadRecordsOptions & { startAfterLine?: number } = {},
): AsyncGenerator<{ lineNumber: number; record: LiteratureRecord }> {
  const lines = readLines(input, {
    onProgress: options.onProgress,
    totalBytes: options.totalBytes,
  });
  const startAfter = options.startAfterLine ?? 0;
  for await (const { lineNumber, text } of lines) {
    if (lineNumber <= startAfter) continue;
    if (text === null) {
      options.onSkippedLine?.({ lineNumber, reason: 'line too long', excerpt: '' });
      continue;
    }
    if (text.trim() === '') continue;
    const conversion = parseLiteratureLine(text);
    if (conversion.ok && containsNul(conversion.record)) {
      options.onSkippedLine?.({
        lineNumber,
        reason: 'contains a NUL character (U+0000), which cannot be stored',
        excerpt: text.slice(0, EXCERPT_LENGTH),
      });
    } else if (conversion.ok) {
      const { record, notes } = capRecordFields(conversion.record);
      for (const message of notes) options.onNote?.({ lineNumber, message });
      yield { lineNumber, record };
    } else {
      const excerpt = text.slice(0, EXCERPT_LENGTH);
      options.onSkippedLine?.({ lineNumber, reason: conversion.reason, excerpt });
    }
  }
}
