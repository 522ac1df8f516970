import type { Work } from '../../../shared/citations/work';
import { risToCsl } from '../citation-js';
import { cslItemInputSchema, cslToWork } from '../csl-to-work';
import { readAllEntries, type ImportEntries, type ImportResult } from './import-result';
import { splitRis, type RisChunk } from './split-ris';

/** Works from RIS text (EndNote, Zotero, Mendeley, publisher exports), one record at a time. */
export function importRis(text: string): ImportResult {
  return readAllEntries(risEntries(text));
}

/** The records of a RIS file, each converted when read. */
export function risEntries(text: string): ImportEntries {
  const chunks = splitRis(text);
  return {
    count: chunks.length,
    problem: null,
    read(index) {
      const chunk = chunks[index] as RisChunk;
      const result = importRecord(chunk);
      const position = { entry: index + 1, line: chunk.line, key: chunk.key };
      return typeof result === 'string'
        ? { ...position, error: result }
        : { ...position, work: result };
    },
  };
}

/** The work, or why the record was skipped. */
function importRecord(chunk: RisChunk): Work | string {
  if (!chunk.hasType) return 'Malformed RIS record: it does not start with a TY line';
  const closed = /\nER\s{1,2}-/.test(chunk.text) ? chunk.text : `${chunk.text}\nER  - `;
  let items: unknown[];
  try {
    items = risToCsl(closed);
    // citation-js maps a reference type it does not know to nothing at all; 'GEN' (generic)
    // keeps the record's fields.
    if (!hasType(items[0])) items = risToCsl(closed.replace(/^TY\s{1,2}-.*$/m, 'TY  - GEN'));
  } catch (error) {
    return `Malformed RIS record: ${error instanceof Error ? error.message : String(error)}`;
  }
  const item = cslItemInputSchema.safeParse(items[0]);
  if (!item.success) return `Malformed RIS record: ${item.error.issues[0]?.message}`;
  const work = cslToWork(item.data);
  return work.title === '' ? 'Entry has no title' : work;
}

function hasType(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'type' in item;
}
