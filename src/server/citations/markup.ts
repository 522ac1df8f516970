/**
 * Titles and abstracts from Crossref carry JATS tags (<jats:italic>, <jats:p>); citeproc only
 * understands a handful of HTML tags (<i>, <b>, <sup>, <sub>) and prints anything else literally.
 */
const INLINE_TAGS: Record<string, string> = {
  i: 'i',
  em: 'i',
  italic: 'i',
  b: 'b',
  strong: 'b',
  bold: 'b',
  sup: 'sup',
  sub: 'sub',
};

// A tag starts with a letter right after '<' or '</', so 'p < 0.05 and q > 2' is left alone.
const TAG = /<\/?(?:[A-Za-z][\w-]*:)?([A-Za-z][\w-]*)(?:\s[^<>]*)?\/?>/g;

/** Keeps emphasis and super/subscripts in the tags citeproc knows; drops every other tag. */
export function toCslMarkup(text: string): string {
  const converted = text.replace(TAG, (tag, name: string) => {
    const target = INLINE_TAGS[name.toLowerCase()];
    if (target === undefined) return ' ';
    return tag.startsWith('</') ? `</${target}>` : `<${target}>`;
  });
  return collapse(converted);
}

/**
 * Plain text: every tag removed, block tags turned into spaces, entities left as they are. Text
 * that would vanish entirely ('<a >' as a whole title) was never markup, so it is kept as written.
 */
export function stripMarkup(text: string): string {
  const stripped = collapse(
    text.replace(TAG, (_tag, name: string) => (name in INLINE_TAGS ? '' : ' ')),
  );
  return stripped === '' ? collapse(text) : stripped;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
