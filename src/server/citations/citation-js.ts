/**
 * The only module that talks to citation-js: it registers the plugins once and checks the shape
 * of what comes back, so the rest of the folder works with typed values.
 */
import type * as CitationJs from '@citation-js/core';
import { lazyPackage } from '../lazy-package';
import type { CslItem } from './csl-item';

const citationJs = lazyPackage<typeof CitationJs>('@citation-js/core', [
  '@citation-js/plugin-bibtex',
  '@citation-js/plugin-csl',
  '@citation-js/plugin-ris',
]);

export type RenderFormat = 'text' | 'html';

export interface RenderOptions {
  style: string;
  locale: string;
  format: RenderFormat;
}

/**
 * One bibliography entry per item, in input order, from one citeproc pass: building the list
 * one item at a time cost about 10 ms an entry (2 s for a paper citing 200 works). The pass runs
 * on a copy of the style without what only a whole list does, so each entry reads as it would
 * alone: no year suffixes ('2019a', which the in-text labels of spec 000 §5 lack), no names or
 * initials added to tell authors apart, no '———' for a repeated author, and with neither a
 * citation layout nor a sort, which cost citeproc time per item. The list is left in input
 * order, so item i carries the number i + 1 in numeric styles, which the caller's own numbering
 * replaces (`withoutNumber`).
 */
export function renderBibliographyEntries(
  items: readonly CslItem[],
  options: RenderOptions,
): string[] {
  // citeproc keys items by id: render each distinct id once, then answer in input order.
  const distinct = [...new Map(items.map((item) => [item.id, item])).values()];
  if (distinct.length === 0) return [];
  const output = citationJs().plugins.output.format(
    'bibliography',
    distinct.map((item) => ({ ...item })),
    {
      format: options.format,
      template: entriesStyle(options.style),
      lang: options.locale,
      asEntryArray: true,
      nosort: true,
    },
  );
  if (!Array.isArray(output)) throw new Error('citation-js returned no bibliography');
  const texts = new Map<string, string>();
  output.forEach((entry: unknown, index) => {
    const id: unknown = Array.isArray(entry) ? entry[0] : undefined;
    const text: unknown = Array.isArray(entry) ? entry[1] : undefined;
    if (typeof id !== 'string' || typeof text !== 'string') {
      throw new Error('citation-js returned no bibliography entry');
    }
    texts.set(id, withoutNumber(text, index + 1, options.format));
  });
  return items.map((item) => {
    const text = texts.get(item.id);
    if (text === undefined) throw new Error(`citation-js returned no entry for ${item.id}`);
    return text;
  });
}

/** Attributes of a CSL style that make an entry depend on the other entries of its list. */
const LIST_ATTRIBUTES =
  /\s(?:disambiguate-add-year-suffix|disambiguate-add-names|disambiguate-add-givenname|givenname-disambiguation-rule|subsequent-author-substitute|subsequent-author-substitute-rule)="[^"]*"/g;

const ENTRIES_CITATION = '<citation><layout><text variable="citation-number"/></layout></citation>';

/** The name of the style's copy without LIST_ATTRIBUTES, registered on first use. */
function entriesStyle(style: string): string {
  const name = `${style}#entries`;
  const styles = citationJs().plugins.config.get('@csl').styles;
  if (!styles.has(name)) {
    const xml: unknown = styles.get(style);
    if (typeof xml !== 'string') throw new Error(`Unknown CSL style ${style}`);
    styles.add(
      name,
      xml
        .replace(LIST_ATTRIBUTES, '')
        // citeproc renders each item's citation to find ambiguities, and sorts the list: the
        // copy cites by number alone and keeps input order.
        .replace(/<citation\b[\s\S]*?<\/citation>/, ENTRIES_CITATION)
        .replace(/(<bibliography\b[\s\S]*?)<sort>[\s\S]*?<\/sort>/, '$1'),
    );
  }
  return name;
}

/**
 * Numeric styles print the citation number before the entry ('[3] ', '(3) ', '3. ', or in HTML
 * a left-margin cell); the caller numbers the list itself.
 */
function withoutNumber(entry: string, number: number, format: RenderFormat): string {
  if (format === 'html') return entry.replace(/<div class="csl-left-margin">[^<]*<\/div>/, '');
  const prefix = new RegExp(`^\\s*(?:\\[${number}\\]|\\(${number}\\)|${number}\\.)\\s+`);
  return entry.replace(prefix, '');
}

/**
 * The in-text citation of items in one cluster, as the style writes it, e.g. '(Smith 2019)'.
 * Numbering in numeric styles is the caller's: citeproc only sees this one cluster.
 */
export function renderCitationCluster(items: readonly CslItem[], options: RenderOptions): string {
  const output: unknown = citationJs().plugins.output.format(
    'citation',
    items.map((item) => ({ ...item })),
    {
      format: options.format,
      template: options.style,
      lang: options.locale,
      entry: items.map((item) => item.id),
    },
  );
  if (typeof output !== 'string') throw new Error('citation-js returned no citation');
  return output;
}

export function hasCslStyle(name: string): boolean {
  return citationJs().plugins.config.get('@csl').styles.has(name);
}

export function cslStyleNames(): string[] {
  return citationJs().plugins.config.get('@csl').styles.list();
}

/** Adds a CSL style (the XML of a .csl file) under a name, e.g. from the Zotero style repository. */
export function addCslStyle(name: string, xml: string): void {
  const styles = citationJs().plugins.config.get('@csl').styles;
  styles.add(name, xml);
  // A style registered again gets a fresh copy for its lists.
  styles.delete(`${name}#entries`);
}

/** Adds a CSL locale (the XML of a locales-xx-XX.xml file) under its language tag. */
export function addCslLocale(locale: string, xml: string): void {
  citationJs().plugins.config.get('@csl').locales.add(locale, xml);
}

export function hasCslLocale(locale: string): boolean {
  return citationJs().plugins.config.get('@csl').locales.has(locale);
}

/** Raw BibTeX/BibLaTeX entries as citation-js reads them: type, key, and field strings. */
export interface RawBibEntry {
  type: string;
  label: string;
  properties: Record<string, string>;
}

/** Parses BibTeX text into raw entries; throws citation-js's parse error on malformed input. */
export function parseBibEntries(text: string): RawBibEntry[] {
  const output = citationJs().plugins.input.chain(text, {
    forceType: '@biblatex/text',
    target: '@biblatex/entries+list',
    generateGraph: false,
  });
  return asList(output).flatMap((entry) => (isRawBibEntry(entry) ? [normalizeRaw(entry)] : []));
}

/** Converts raw entries to CSL items, one list element per entry. */
export function bibEntriesToCsl(entries: readonly RawBibEntry[]): unknown[] {
  return asList(
    citationJs().plugins.input.chain(entries, {
      forceType: '@biblatex/entries+list',
      target: '@csl/list+object',
      generateGraph: false,
    }),
  );
}

/** Parses one or more RIS records into CSL items. */
export function risToCsl(text: string): unknown[] {
  return asList(
    citationJs().plugins.input.chain(text, {
      forceType: '@ris/file',
      target: '@csl/list+object',
      generateGraph: false,
    }),
  );
}

function asList(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error('citation-js returned no list');
  return value;
}

function isRawBibEntry(
  value: unknown,
): value is { type: string; label: string; properties: object } {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.type === 'string' &&
    typeof entry.label === 'string' &&
    typeof entry.properties === 'object' &&
    entry.properties !== null
  );
}

// citation-js keeps bare numbers (year = 2019) as numbers; everything downstream wants text.
function normalizeRaw(entry: { type: string; label: string; properties: object }): RawBibEntry {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry.properties)) {
    if (typeof value === 'string' || typeof value === 'number') properties[key] = String(value);
  }
  return { type: entry.type.toLowerCase(), label: entry.label, properties };
}
