import { arxivIdOf } from '../../../shared/citations/doi';
import { refIdFor } from '../../../shared/citations/ref-id';
import type { Work } from '../../../shared/citations/work';
import { bibEntriesToCsl, parseBibEntries, type RawBibEntry } from '../citation-js';
import { cslItemInputSchema, cslToWork } from '../csl-to-work';
import {
  readAllEntries,
  type EntryOutcome,
  type ImportEntries,
  type ImportResult,
} from './import-result';
import { splitBibtex, type BibtexChunk } from './split-bibtex';

const SKIPPED_TYPES = new Set(['comment', 'preamble']);

/**
 * Works from BibTeX or BibLaTeX text. Each entry is parsed on its own, with the file's @string
 * macros in front of it, so a broken entry costs only itself; its error names the line.
 */
export function importBibtex(text: string): ImportResult {
  return readAllEntries(bibtexEntries(text));
}

/** The entries of a BibTeX file, each parsed when read. */
export function bibtexEntries(text: string): ImportEntries {
  const chunks = splitBibtex(text).filter((chunk) => !SKIPPED_TYPES.has(chunk.type));
  const macros = chunks.filter((chunk) => chunk.type === 'string');
  // Macros are joined onto one line so that line numbers inside an entry shift by exactly one.
  const prefix = macros.map((chunk) => chunk.text.replace(/\s*\n\s*/g, ' ')).join(' ');
  const entries = chunks.filter((chunk) => chunk.type !== 'string');
  return {
    count: entries.length,
    problem: null,
    read(index): EntryOutcome {
      const chunk = entries[index] as BibtexChunk;
      const result = importChunk(chunk, prefix);
      const position = { entry: index + 1, key: chunk.key };
      return 'work' in result
        ? { ...position, line: chunk.line, work: result.work }
        : { ...position, line: result.error.line, error: result.error.message };
    },
  };
}

type ChunkResult = { work: Work } | { error: { line: number | null; message: string } };

function importChunk(chunk: BibtexChunk, prefix: string): ChunkResult {
  const prefixLines = prefix === '' ? 0 : 1;
  let raw: RawBibEntry | undefined;
  try {
    raw = parseBibEntries(prefixLines === 0 ? chunk.text : `${prefix}\n${chunk.text}`)[0];
  } catch (error) {
    return { error: parseError(error, chunk, prefixLines) };
  }
  if (raw === undefined) {
    return { error: { line: chunk.line, message: 'Malformed BibTeX entry: no fields found' } };
  }

  const item = cslItemInputSchema.safeParse(bibEntriesToCsl([raw])[0]);
  if (!item.success) {
    return {
      error: {
        line: chunk.line,
        message: `Malformed BibTeX entry: ${item.error.issues[0]?.message}`,
      },
    };
  }
  const work = refine(cslToWork(item.data), raw);
  if (work.title === '') return { error: { line: chunk.line, message: 'Entry has no title' } };
  return { work };
}

/**
 * What citation-js leaves out: arXiv eprints (the form arXiv itself exports), the site name of
 * @online entries, and web pages exported as @misc with only an address, which is how BibTeX
 * styles without @online write them.
 */
function refine(work: Work, raw: RawBibEntry): Work {
  const fields = raw.properties;
  const archive = (fields.archiveprefix ?? fields.eprinttype ?? '').toLowerCase();
  const eprint = fields.eprint === undefined ? null : arxivIdOf(`arxiv:${fields.eprint}`);
  if (work.doi === null && archive === 'arxiv' && eprint !== null) {
    const preprint = { ...work, doi: `arxiv:${eprint}`, id: `arxiv:${eprint}` };
    return {
      ...preprint,
      type: work.type === 'other' ? 'posted-content' : work.type,
      refId: reId(preprint),
    };
  }
  // BibLaTeX names a web page's site in 'organization', which citation-js reads as publisher.
  if (work.type === 'web' && work.container_title === null && fields.organization !== undefined) {
    return { ...work, container_title: work.publisher, publisher: fields.publisher ?? null };
  }
  const bare =
    raw.type === 'misc' &&
    work.doi === null &&
    work.hyperlink !== null &&
    work.container_title === null &&
    work.publisher === null;
  if (bare) {
    const page = {
      ...work,
      type: 'web',
      url: work.hyperlink,
      hyperlink: null,
      id: work.hyperlink ?? '',
    };
    return { ...page, refId: reId(page) };
  }
  return work;
}

// The identity changed (an arXiv id or an address was found), so the refId follows it.
function reId(work: Work): string {
  return refIdFor({ ...work, refId: '' });
}

function parseError(
  error: unknown,
  chunk: BibtexChunk,
  prefixLines: number,
): { line: number | null; message: string } {
  const text = error instanceof Error ? error.message : String(error);
  const [firstLine = text] = text.split('\n');
  const position = /\s*at line (\d+) col \d+:?\s*$/.exec(firstLine);
  const detail = position ? firstLine.slice(0, position.index) : firstLine;
  const line = position ? chunk.line + Number(position[1]) - 1 - prefixLines : chunk.line;
  // Running into the end means a brace or quote was never closed; say so in plain words.
  const hint = /got EOF/.test(detail) ? ' (a brace or quote is not closed)' : '';
  return { line, message: `Malformed BibTeX entry: ${detail}${hint}` };
}
