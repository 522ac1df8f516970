/**
 * Abstracts arrive as JATS-style XML (spec 000 §3) from sources we do not control. They are
 * turned into plain paragraphs here and rendered as text, so no markup from an index can ever
 * reach the page as HTML.
 */

// Only '<' followed by a name counts as a tag: plain-text abstracts say 'p < 0.05'.
const TAG = /<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/g;
const COMMENT_OR_CDATA = /<!--[\s\S]*?-->|<!\[CDATA\[|\]\]>/g;
const BLOCK_END = /<\/(?:[\w-]+:)?(?:p|sec|title|list-item|list|disp-quote|abstract)\s*>/gi;
const LINE_BREAK = /<(?:[\w-]+:)?(?:break|br)\s*\/?>/gi;
const ENTITY = /&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(match: string, name: string): string {
  const lower = name.toLowerCase();
  if (!lower.startsWith('#')) return NAMED_ENTITIES[lower] ?? match;
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff
    ? String.fromCodePoint(code)
    : match;
}

/** The paragraphs of a piece of markup, tags removed and entities decoded. */
export function markupParagraphs(markup: string): string[] {
  const text = markup
    .replace(COMMENT_OR_CDATA, '')
    .replace(BLOCK_END, '\n\n')
    .replace(LINE_BREAK, '\n')
    .replace(TAG, '');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(ENTITY, decodeEntity).replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * An abstract's paragraphs; a leading 'Abstract' heading is dropped, as the modal labels the
 * section already.
 *
 * @example abstractParagraphs('<jats:p>Sleep &amp; memory.</jats:p>') // ['Sleep & memory.']
 */
export function abstractParagraphs(markup: string): string[] {
  const paragraphs = markupParagraphs(markup);
  if (paragraphs[0]?.toLowerCase() === 'abstract') paragraphs.shift();
  return paragraphs;
}

/** A title as one line of text: indexes send titles with JATS emphasis such as <i>. */
export function plainTitle(markup: string): string {
  return markupParagraphs(markup).join(' ');
}
