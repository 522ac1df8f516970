import { emptyWork, type Work } from '../../shared/citations/work';
import {
  addCslStyle,
  cslStyleNames,
  hasCslLocale,
  hasCslStyle,
  renderBibliographyEntries,
  type RenderFormat,
} from './citation-js';
import { workToCsl } from './csl';
import type { CslItem } from './csl-item';

/** Styles citation-js ships with; more can be added with registerCitationStyle. */
export const BUILT_IN_CITATION_STYLES = ['apa', 'vancouver', 'harvard1'] as const;

export const DEFAULT_CITATION_STYLE = 'apa';
export const DEFAULT_CITATION_LOCALE = 'en-US';

export interface FormatReferenceOptions {
  /** A CSL style name: 'apa' (default), 'vancouver', 'harvard1' or a registered one. */
  style?: string;
  /** 'text' (default) for documents and exports, 'html' (with <i> for italics) for the UI. */
  format?: RenderFormat;
  /** A CSL locale such as 'en-US' (default) or 'de-DE'; unknown locales fall back to en-US. */
  locale?: string;
}

export class UnknownCitationStyleError extends Error {
  constructor(readonly style: string) {
    super(`Unknown citation style "${style}"; available: ${cslStyleNames().join(', ')}`);
    this.name = 'UnknownCitationStyleError';
  }
}

/**
 * The reference-list entry of one work, APA 7 by default.
 *
 * @example formatReference(work) // 'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444. https://doi.org/10.1038/nature14539'
 */
export function formatReference(work: Work, options: FormatReferenceOptions = {}): string {
  const [reference = ''] = formatReferences([work], options);
  return reference;
}

/**
 * One entry per work, in input order (sort and merge with buildBibliography). Each entry reads
 * as it would alone, so no '2019a'-style suffixes appear; see citation-js.ts.
 */
export function formatReferences(
  works: readonly Work[],
  options: FormatReferenceOptions = {},
): string[] {
  const style = options.style ?? DEFAULT_CITATION_STYLE;
  if (!hasCslStyle(style)) throw new UnknownCitationStyleError(style);
  const locale =
    options.locale && hasCslLocale(options.locale) ? options.locale : DEFAULT_CITATION_LOCALE;
  const format = options.format ?? 'text';
  const entries = renderBibliographyEntries(
    works.map((work) => withArticleNumber(workToCsl(work))),
    { style, locale, format },
  );
  return entries.map((entry) => (format === 'html' ? cleanHtml(entry) : entry.trim()));
}

/** An article number standing in for pages: 'e0135247' (PLOS), 'e12345' (eLife). */
const ARTICLE_NUMBER = /^e\d+$/i;

/**
 * Journals that number articles instead of paging them store that number as the page. CSL
 * styles print an article number from `number` (APA 7: 'Article e0135247'), so a page that is
 * one moves there; stores and exports keep it as the page, where BibTeX and RIS expect it.
 */
function withArticleNumber(item: CslItem): CslItem {
  if (item.type !== 'article-journal' || item.number !== undefined) return item;
  if (item.page === undefined || !ARTICLE_NUMBER.test(item.page)) return item;
  const { page, ...rest } = item;
  return { ...rest, number: page };
}

/** Registers a CSL style (the XML of a .csl file) so that formatReferences can use it. */
export function registerCitationStyle(name: string, cslXml: string): void {
  addCslStyle(name, cslXml);
}

export function availableCitationStyles(): string[] {
  return cslStyleNames();
}

/**
 * citeproc builds its engine on first use, which takes seconds; a server can call this at start
 * so that the first user does not wait.
 */
export function warmUpCitationEngine(style: string = DEFAULT_CITATION_STYLE): void {
  formatReferences([emptyWork({ refId: 'ref_warmup00', id: 'warmup', title: 'Warm-up' })], {
    style,
  });
}

function cleanHtml(entry: string): string {
  return entry
    .replace(/<div class="csl-right-inline">([\s\S]*)<\/div>(\s*<\/div>)/, '$1$2')
    .replace(/\s*\n\s*/g, '')
    .trim();
}
