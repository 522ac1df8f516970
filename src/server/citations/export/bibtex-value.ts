/**
 * Text as a brace-delimited BibTeX value. Every character that BibTeX or the LaTeX behind it
 * would read as markup is escaped, and the ligatures BibTeX readers turn into typography
 * ('--' into an en dash, '``' into a quote, '?`' into '¿') are broken up, so the text comes back
 * unchanged.
 */
const ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
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

/** URLs and DOIs are verbatim fields in BibLaTeX; only braces would break the value. */
export function escapeBibtexVerbatim(text: string): string {
  return text.trim().replace(/[{}]/g, (char) => `\\${char}`);
}
