import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CITATION_STYLES,
  citationStyle,
  type CitationStyle,
} from '../../shared/citations/citation-styles';
import { parseAuthors } from '../../shared/citations/authors';
import { inTextLabel } from '../../shared/citations/in-text';
import type { Work } from '../../shared/citations/work';
import { addCslLocale, addCslStyle, hasCslStyle, renderCitationCluster } from './citation-js';
import { workToCsl } from './csl';
import { DEFAULT_CITATION_LOCALE, formatReferences } from './format-apa';

const STYLES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'styles');

// citation-js ships APA 7 as 'apa' (the editor's reference lists use it): keep that one.
const BUILT_IN = new Set(['apa']);

// citation-js bundles en-US only; British styles (Harvard, Nature) need their own terms and
// punctuation ('Deep learning', outside the quotes).
const LOCALES = ['en-GB'];

/** Each style's default-locale, which citeproc would use for it when no locale is forced. */
const styleLocales = new Map<string, string>();

let registered = false;

/** Loads the vendored CSL files and locales into citation-js once. */
export function registerCitationStyles(): void {
  if (registered) return;
  for (const locale of LOCALES) {
    addCslLocale(locale, readFileSync(path.join(STYLES_DIR, `locales-${locale}.xml`), 'utf8'));
  }
  for (const style of CITATION_STYLES) {
    const xml = readFileSync(path.join(STYLES_DIR, `${style.id}.csl`), 'utf8');
    const locale = /default-locale="([^"]+)"/.exec(xml)?.[1];
    if (locale && LOCALES.includes(locale)) styleLocales.set(style.id, locale);
    if (BUILT_IN.has(style.id) && hasCslStyle(style.id)) continue;
    addCslStyle(style.id, xml);
  }
  registered = true;
}

function localeOf(style: CitationStyle): string {
  return styleLocales.get(style.id) ?? DEFAULT_CITATION_LOCALE;
}

/** The reference-list text of each work in the style, in input order. */
export function formatReferencesInStyle(works: readonly Work[], styleId: string): string[] {
  registerCitationStyles();
  const style = citationStyle(styleId);
  return formatReferences(works, { style: style.id, locale: localeOf(style) });
}

/**
 * The in-text label of one work in an author-date or author style, without the surrounding
 * parentheses, so that a cluster can link each label to its entry. APA keeps the labels of
 * spec 000 §5, which the editor shows too.
 */
export function inTextLabelInStyle(work: Work, style: CitationStyle): string {
  if (style.id === 'apa') return inTextLabel(work);
  registerCitationStyles();
  const cluster = renderCitationCluster([workToCsl(work)], {
    style: style.id,
    locale: localeOf(style),
    format: 'text',
  });
  return cluster.trim().replace(/^\((.*)\)$/s, '$1');
}

/**
 * The works of one in-text citation in the order the style's <citation><sort> puts them: APA
 * by author (the first author alone when there are three or more, as its names-min="3"
 * names-use-first="1" key), then year; Harvard by year; MLA and Chicago keep the writer's
 * order (their citations have no sort). Written out rather than asked of citeproc, which takes
 * about 20 ms a call: a long paper has hundreds of citations.
 */
export function clusterOrderInStyle(works: readonly Work[], style: CitationStyle): Work[] {
  const byYear = (a: Work, b: Work) =>
    (a.published_year ?? Number.MAX_SAFE_INTEGER) - (b.published_year ?? Number.MAX_SAFE_INTEGER);
  if (style.id === 'apa') {
    return [...works].sort(
      (a, b) => apaAuthorKey(a).localeCompare(apaAuthorKey(b)) || byYear(a, b),
    );
  }
  if (style.id === 'harvard-cite-them-right') return [...works].sort(byYear);
  return [...works];
}

function apaAuthorKey(work: Work): string {
  const names = parseAuthors(work.authors);
  const shown = names.length >= 3 ? names.slice(0, 1) : names;
  // No author: APA moves the title into the author's place.
  if (shown.length === 0) return work.title.toLowerCase();
  return shown.map((name) => `${name.family} ${name.given}`.toLowerCase()).join(', ');
}

/** The text of a footnote citing these works, for note styles. */
export function noteTextInStyle(works: readonly Work[], style: CitationStyle): string {
  registerCitationStyles();
  return renderCitationCluster(
    works.map((work) => workToCsl(work)),
    { style: style.id, locale: localeOf(style), format: 'text' },
  ).trim();
}
