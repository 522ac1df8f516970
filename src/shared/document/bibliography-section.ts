import { CITATION_STYLES } from '../citations/citation-styles';
import { BIBLIOGRAPHY_REF_PREFIX } from './ref-ids';
import type { Section } from './sections';

/** The titles a reference list goes by: every citation style's, and the common others. */
const REFERENCE_LIST_TITLES = new Set(
  [
    ...CITATION_STYLES.map((style) => style.referencesTitle),
    'Bibliography',
    'Literature cited',
    'Reference list',
    'References',
    'Works cited',
  ].map((title) => title.toLowerCase()),
);

const ENTRY = new RegExp(`^\\[${BIBLIOGRAPHY_REF_PREFIX}[A-Za-z0-9]+\\]`, 'm');

/**
 * A section that is the paper's reference list: it holds bibliography entries (`[xref_…]`
 * lines, as 'Generate References' writes them), or its heading is a reference list's title
 * ('References', 'Bibliography', …, numbered or not). Its text is generated from the
 * citations, so the AI never writes prose into it: the writing process does not offer it and
 * the server refuses it.
 */
export function isBibliographySection(
  section: Pick<Section, 'sectionTitle' | 'contentMarkdown'>,
): boolean {
  if (ENTRY.test(section.contentMarkdown)) return true;
  const title = section.sectionTitle
    .replace(/[*_`]/g, '')
    .replace(/^\s*\d+(\.\d+)*\.?\s+/, '')
    .trim()
    .toLowerCase();
  return REFERENCE_LIST_TITLES.has(title);
}
