import { cslItemInputSchema, cslToWork } from '../csl-to-work';
import {
  readAllEntries,
  type EntryOutcome,
  type ImportEntries,
  type ImportResult,
} from './import-result';
import { splitJsonArray, type JsonElement } from './split-json-array';

/** Works from CSL-JSON (Zotero, citation-js, Crossref's citeproc-json): a list or one item. */
export function importCslJson(text: string): ImportResult {
  return readAllEntries(cslJsonEntries(text));
}

/** The items of a CSL-JSON file, each parsed when read. */
export function cslJsonEntries(text: string): ImportEntries {
  const elements = splitJsonArray(text);
  if (elements === null) {
    return {
      count: 0,
      problem: { entry: 0, line: 1, key: null, message: 'Not CSL-JSON: expected a list of items' },
      read: () => {
        throw new RangeError('No entries');
      },
    };
  }
  return {
    count: elements.length,
    problem: null,
    read: (index) => importElement(elements[index] as JsonElement, index + 1),
  };
}

function importElement(element: JsonElement, entry: number): EntryOutcome {
  const issue = (
    message: string,
    line = element.line,
    key: string | null = null,
  ): EntryOutcome => ({
    entry,
    line,
    key,
    error: message,
  });

  let value: unknown;
  try {
    value = JSON.parse(element.text);
  } catch (error) {
    const { message, offset } = describeSyntaxError(error);
    const line = offset === null ? element.line : element.line + countLines(element.text, offset);
    return issue(`Malformed CSL-JSON item: ${message}`, line);
  }
  const item = cslItemInputSchema.safeParse(value);
  if (!item.success) {
    const problem = item.error.issues[0];
    const where = problem && problem.path.length > 0 ? `${problem.path.join('.')}: ` : '';
    return issue(`Malformed CSL-JSON item: ${where}${problem?.message ?? 'invalid item'}`);
  }
  const key = item.data.id === undefined ? null : String(item.data.id);
  const work = cslToWork(item.data);
  if (work.title === '') return issue('Entry has no title', element.line, key);
  return { entry, line: element.line, key, work };
}

// V8 says "... in JSON at position 45" (Node 20) and adds "(line 3 column 5)" later on.
function describeSyntaxError(error: unknown): { message: string; offset: number | null } {
  const text = error instanceof Error ? error.message : String(error);
  const position = / in JSON at position (\d+)/.exec(text);
  const message = text
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ \(line \d+ column \d+\)$/, '')
    .replace(/\s+/g, ' ');
  return { message, offset: position ? Number(position[1]) : null };
}

function countLines(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length - 1;
}
