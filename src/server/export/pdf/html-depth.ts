/** Elements that never hold others, and those whose end tag the HTML parser implies. */
const NOT_NESTING = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd option optgroup tr td th thead tbody tfoot colgroup caption rb rt rp rtc'.split(
    ' ',
  ),
);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/g;

/**
 * How deep the elements of an HTML text nest, counted from its tags in one pass, before any
 * parser sees it: Chromium's HTML parser and DOMPurify take time that grows with the square of
 * a deep nesting (30,000 nested elements: 11 s to parse; 100,000: minutes). Elements that cannot
 * hold others or whose end tags the parser implies (`p`, `li`, `td` …) are not counted, so
 * loose but ordinary HTML is never taken for deep.
 */
export function htmlNestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (name === undefined || NOT_NESTING.has(name.toLowerCase())) continue;
    if (closing === '/') depth = Math.max(0, depth - 1);
    else if (selfClosing !== '/') {
      depth += 1;
      deepest = Math.max(deepest, depth);
    }
  }
  return deepest;
}
