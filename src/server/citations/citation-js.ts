/**
 * The only module that talks to citation-js: it registers the plugins once and checks the shape
 * of what comes back, so the rest of the folder works with typed values.
 */
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import type { CslItem } from './csl-item';

export type RenderFormat = 'text' | 'html';

export interface RenderOptions {
  style: string;
  locale: string;
  format: RenderFormat;
}

/**
 * One bibliography entry per item, in input order. Each item is rendered on its own so that
 * citeproc adds no year suffixes ('2019a'): the in-text labels of spec 000 §5 have none either.
 */
export function renderBibliographyEntries(
  items: readonly CslItem[],
  options: RenderOptions,
): string[] {
  return items.map((item) => {
    const output = plugins.output.format('bibliography', [{ ...item }], {
      format: options.format,
      template: options.style,
      lang: options.locale,
      asEntryArray: true,
    });
    const entry = Array.isArray(output) ? output[0] : undefined;
    const text: unknown = Array.isArray(entry) ? entry[1] : undefined;
    if (typeof text !== 'string') throw new Error('citation-js returned no bibliography entry');
    return text;
  });
}

/**
 * The in-text citation of items in one cluster, as the style writes it, e.g. '(Smith 2019)'.
 * Numbering in numeric styles is the caller's: citeproc only sees this one cluster.
 */
export function renderCitationCluster(items: readonly CslItem[], options: RenderOptions): string {
  const output: unknown = plugins.output.format(
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
  return plugins.config.get('@csl').styles.has(name);
}

export function cslStyleNames(): string[] {
  return plugins.config.get('@csl').styles.list();
}

/** Adds a CSL style (the XML of a .csl file) under a name, e.g. from the Zotero style repository. */
export function addCslStyle(name: string, xml: string): void {
  plugins.config.get('@csl').styles.add(name, xml);
}

/** Adds a CSL locale (the XML of a locales-xx-XX.xml file) under its language tag. */
export function addCslLocale(locale: string, xml: string): void {
  plugins.config.get('@csl').locales.add(locale, xml);
}

export function hasCslLocale(locale: string): boolean {
  return plugins.config.get('@csl').locales.has(locale);
}

/** Raw BibTeX/BibLaTeX entries as citation-js reads them: type, key, and field strings. */
export interface RawBibEntry {
  type: string;
  label: string;
  properties: Record<string, string>;
}

/** Parses BibTeX text into raw entries; throws citation-js's parse error on malformed input. */
export function parseBibEntries(text: string): RawBibEntry[] {
  const output = plugins.input.chain(text, {
    forceType: '@biblatex/text',
    target: '@biblatex/entries+list',
    generateGraph: false,
  });
  return asList(output).flatMap((entry) => (isRawBibEntry(entry) ? [normalizeRaw(entry)] : []));
}

/** Converts raw entries to CSL items, one list element per entry. */
export function bibEntriesToCsl(entries: readonly RawBibEntry[]): unknown[] {
  return asList(
    plugins.input.chain(entries, {
      forceType: '@biblatex/entries+list',
      target: '@csl/list+object',
      generateGraph: false,
    }),
  );
}

/** Parses one or more RIS records into CSL items. */
export function risToCsl(text: string): unknown[] {
  return asList(
    plugins.input.chain(text, {
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
