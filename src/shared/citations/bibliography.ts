import { xrefIdFor } from './ref-id';

/** One cited work and its formatted reference text (APA unless the caller chose otherwise). */
export interface BibliographySource {
  refId: string;
  reference: string;
}

export interface BibliographyEntry {
  /** 'xref_' plus the refId's 8 characters (spec 000 §3 markdown conventions). */
  xrefId: string;
  /** Every cited work this line stands for; the first one gave the xrefId. */
  refIds: string[];
  text: string;
}

export interface BibliographyOptions {
  /** Collation locale for sorting; APA lists are alphabetical in the paper's language. */
  locale?: string;
}

/**
 * The reference list (spec 000 §7 export specifics: "sorted alphabetically and merges identical
 * APA text"):
 * - each refId appears once; blank references are left out, the editor marks them missing;
 * - identical texts (after whitespace is collapsed) become one entry whose xrefId is that of the
 *   first source given, so the order of citation in the paper decides, not chance;
 * - entries are sorted with the locale's collation, ignoring case, accents and leading
 *   punctuation (an entry such as '"Quoted" title' sorts under Q); ties fall back to the text and
 *   then the xrefId, so the order is total and stable.
 */
export function buildBibliography(
  sources: readonly BibliographySource[],
  options: BibliographyOptions = {},
): BibliographyEntry[] {
  const entries = mergeIdentical(sources);
  const collator = new Intl.Collator(options.locale ?? 'en', {
    sensitivity: 'base',
    numeric: true,
  });
  return entries.sort(
    (a, b) =>
      collator.compare(sortKey(a.text), sortKey(b.text)) ||
      compareCodePoints(a.text, b.text) ||
      compareCodePoints(a.xrefId, b.xrefId),
  );
}

/**
 * The reference list of a numeric style: entries in order of first citation (the order of
 * `sources`), identical texts merged, each text prefixed by its number ('[1] …' or '1. …').
 */
export function buildNumberedBibliography(
  sources: readonly BibliographySource[],
  label: (number: number) => string,
): BibliographyEntry[] {
  return mergeIdentical(sources).map((entry, index) => ({
    ...entry,
    text: `${label(index + 1)} ${entry.text}`,
  }));
}

/** The markdown lines of a reference list: '[xref_abc12345] text'. */
export function bibliographyLines(entries: readonly BibliographyEntry[]): string[] {
  return entries.map((entry) => `[${entry.xrefId}] ${entry.text}`);
}

/** What the editor shows, in red, for a bibliography entry whose work is gone (spec 000 §8). */
export function missingReferenceText(id: string): string {
  return `[Missing reference: ${id}]`;
}

/** One entry per distinct text, in the order of first appearance; each refId counts once. */
function mergeIdentical(sources: readonly BibliographySource[]): BibliographyEntry[] {
  const byText = new Map<string, BibliographyEntry>();
  const seenRefIds = new Set<string>();
  for (const { refId, reference } of sources) {
    const text = reference.replace(/\s+/g, ' ').trim();
    if (text === '' || seenRefIds.has(refId)) continue;
    seenRefIds.add(refId);
    const existing = byText.get(text);
    if (existing) existing.refIds.push(refId);
    else byText.set(text, { xrefId: xrefIdFor(refId), refIds: [refId], text });
  }
  return [...byText.values()];
}

function sortKey(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+/u, '');
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
