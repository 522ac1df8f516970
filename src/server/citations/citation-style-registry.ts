import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CITATION_STYLES,
  citationStyle,
  type CitationStyle,
} from '../../shared/citations/citation-styles';
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
 * The works of one in-text citation in the order the style's citation sort puts them (APA and
 * Harvard sort, MLA and Chicago keep the writer's order). The order is read from citeproc's
 * rendering of the whole cluster; when a work's own label is not found in it (citeproc merged
 * same-author years, say), the writer's order is kept.
 */
export function clusterOrderInStyle(works: readonly Work[], style: CitationStyle): Work[] {
  if (works.length < 2) return [...works];
  registerCitationStyles();
  const render = (items: readonly Work[]) =>
    renderCitationCluster(
      items.map((work) => workToCsl(work)),
      { style: style.id, locale: localeOf(style), format: 'text' },
    )
      .trim()
      .replace(/^\((.*)\)$/s, '$1');
  const cluster = render(works);
  const positions = new Map(works.map((work) => [work, cluster.indexOf(render([work]))]));
  if ([...positions.values()].some((position) => position < 0)) return [...works];
  return [...works].sort((a, b) => (positions.get(a) ?? 0) - (positions.get(b) ?? 0));
}

/** The text of a footnote citing these works, for note styles. */
export function noteTextInStyle(works: readonly Work[], style: CitationStyle): string {
  registerCitationStyles();
  return renderCitationCluster(
    works.map((work) => workToCsl(work)),
    { style: style.id, locale: localeOf(style), format: 'text' },
  ).trim();
}
