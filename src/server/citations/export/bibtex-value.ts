/**
 * Text as a brace-delimited BibTeX value. Every character that BibTeX or the LaTeX behind it
 * would read as markup is escaped, braces included as text commands: BibTeX and biber count
 * braces whatever precedes them, so a lone '}' written as '\}' unbalances the entry and biber
 * drops the whole file. The ligatures BibTeX readers turn into typography
 * ('--' into an en dash, '``' into a quote, '?`' into '¿') are broken up, so the text comes back
 * unchanged.
 */
const ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  $: '\\$',
  '#': '\\#',
  '%': '\\%',
  '&': '\\&',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

export function escapeBibtex(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\{}$#%&_~^]/g, (char) => ESCAPES[char] ?? char)
    .replace(/-(?=-)/g, '-{}')
    .replace(/`(?=`)/g, '`{}')
    .replace(/'(?=')/g, "'{}")
    .replace(/([?!])`/g, '$1{}`');
}

/**
 * A title whose capitals survive BibTeX styles that lowercase titles: every word with a
 * capital, except a plain capitalised first word, is wrapped in braces ('{DNA}', '{United}').
 */
export function escapeBibtexTitle(title: string): string {
  return escapeBibtex(title)
    .split(' ')
    .map((word, index) => {
      const capitals = index === 0 ? /.\p{Lu}/u : /\p{Lu}/u;
      return capitals.test(word) ? `{${word}}` : word;
    })
    .join(' ');
}

/** A page range, its dash written as BibTeX's en dash ('207--217'), each end escaped. */
export function escapeBibtexPages(pages: string): string {
  return pages
    .split(/\s*[-–—]+\s*/)
    .map(escapeBibtex)
    .join('--');
}

/**
 * URLs and DOIs are verbatim fields in BibLaTeX: nothing in them can be escaped, so the
 * characters that could end the value or the line it is written on (braces, backslashes,
 * white space) are percent-encoded, as they would be in an address anyway.
 */
export function escapeBibtexVerbatim(text: string): string {
  return text
    .trim()
    .replace(
      /[{}\\\s]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
}
