/**
 * The citation styles a paper can choose (APA 7 is the default, spec 000 §5). Each is a CSL
 * style vendored under src/server/citations/styles/ and, for LaTeX export, the biblatex style
 * that renders it in TeX Live.
 */
export type CitationStyleKind = 'author-date' | 'author' | 'numeric' | 'note';

export interface CitationStyle {
  id: string;
  label: string;
  kind: CitationStyleKind;
  /** What 'Generate … References' and the exported list are called. */
  referencesTitle: string;
  biblatexStyle: string;
}

export const CITATION_STYLES: readonly CitationStyle[] = [
  {
    id: 'apa',
    label: 'APA 7th edition',
    kind: 'author-date',
    referencesTitle: 'References',
    biblatexStyle: 'apa',
  },
  {
    id: 'ieee',
    label: 'IEEE',
    kind: 'numeric',
    referencesTitle: 'References',
    biblatexStyle: 'ieee',
  },
  {
    id: 'modern-language-association',
    label: 'MLA 9th edition',
    kind: 'author',
    referencesTitle: 'Works Cited',
    biblatexStyle: 'mla',
  },
  {
    id: 'chicago-author-date',
    label: 'Chicago 17th edition (author-date)',
    kind: 'author-date',
    referencesTitle: 'References',
    biblatexStyle: 'chicago-authordate',
  },
  {
    id: 'chicago-note-bibliography',
    label: 'Chicago 17th edition (notes and bibliography)',
    kind: 'note',
    referencesTitle: 'Bibliography',
    biblatexStyle: 'chicago-notes',
  },
  {
    id: 'harvard-cite-them-right',
    label: 'Harvard (Cite Them Right)',
    kind: 'author-date',
    referencesTitle: 'Reference list',
    biblatexStyle: 'authoryear',
  },
  {
    id: 'vancouver',
    label: 'Vancouver',
    kind: 'numeric',
    referencesTitle: 'References',
    biblatexStyle: 'vancouver',
  },
  {
    id: 'nature',
    label: 'Nature',
    kind: 'numeric',
    referencesTitle: 'References',
    biblatexStyle: 'nature',
  },
  {
    id: 'american-medical-association',
    label: 'AMA 11th edition',
    kind: 'numeric',
    referencesTitle: 'References',
    biblatexStyle: 'numeric-comp',
  },
  {
    id: 'american-chemical-society',
    label: 'ACS',
    kind: 'numeric',
    referencesTitle: 'References',
    biblatexStyle: 'chem-acs',
  },
];

export const DEFAULT_CITATION_STYLE_ID = 'apa';

export function citationStyle(id: string | null | undefined): CitationStyle {
  return CITATION_STYLES.find((style) => style.id === id) ?? (CITATION_STYLES[0] as CitationStyle);
}

export function isCitationStyleId(id: unknown): id is string {
  return CITATION_STYLES.some((style) => style.id === id);
}
