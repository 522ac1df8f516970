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
import { addCslStyle, hasCslStyle, renderCitationCluster } from './citation-js';
import { workToCsl } from './csl';
import { DEFAULT_CITATION_LOCALE, formatReferences } from './format-apa';

const STYLES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'styles');

// citation-js ships APA 7 as 'apa' (the editor's reference lists use it): keep that one.
const BUILT_IN = new Set(['apa']);

let registered = false;

/** Loads the vendored CSL files into citation-js once. */
export function registerCitationStyles(): void {
  if (registered) return;
  for (const style of CITATION_STYLES) {
    if (BUILT_IN.has(style.id) && hasCslStyle(style.id)) continue;
    addCslStyle(style.id, readFileSync(path.join(STYLES_DIR, `${style.id}.csl`), 'utf8'));
  }
  registered = true;
}

/** The reference-list text of each work in the style, in input order. */
export function formatReferencesInStyle(works: readonly Work[], styleId: string): string[] {
  registerCitationStyles();
  return formatReferences(works, { style: citationStyle(styleId).id });
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
    locale: DEFAULT_CITATION_LOCALE,
    format: 'text',
  });
  return cluster.trim().replace(/^\((.*)\)$/s, '$1');
}

/** The text of a footnote citing these works, for note styles. */
export function noteTextInStyle(works: readonly Work[], style: CitationStyle): string {
  registerCitationStyles();
  return renderCitationCluster(
    works.map((work) => workToCsl(work)),
    { style: style.id, locale: DEFAULT_CITATION_LOCALE, format: 'text' },
  ).trim();
}
