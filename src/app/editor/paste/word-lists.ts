const LIST_PARAGRAPH = /\bMsoListParagraph/;
const NUMBERED_MARKER = /^\s*(?:\d+|[a-zA-Z]|[ivxlcdm]+)[.)]\s*$/i;

/** Word writes each list item as a `<p class=MsoListParagraph…>` led by a bullet it draws itself. */
function isWordListItem(element: Element): boolean {
  return (
    element.tagName === 'P' &&
    (LIST_PARAGRAPH.test(element.className) ||
      /mso-list:/i.test(element.getAttribute('style') ?? ''))
  );
}

/** Removes the drawn bullet or number and tells which it was. */
function takeMarker(item: Element): 'ul' | 'ol' {
  const marker = [...item.querySelectorAll('span')].find((span) =>
    /mso-list:\s*Ignore/i.test(span.getAttribute('style') ?? ''),
  );
  const text = marker?.textContent ?? '';
  marker?.remove();
  return NUMBERED_MARKER.test(text) ? 'ol' : 'ul';
}

/**
 * Turns runs of Word list paragraphs into real `<ul>`/`<ol>` lists (one level: Word's own
 * nesting lives in styles that are stripped anyway).
 */
export function convertWordLists(root: ParentNode): void {
  const items = [...root.querySelectorAll('p')].filter(isWordListItem);
  let list: HTMLElement | null = null;
  for (const item of items) {
    const kind = takeMarker(item);
    const previous = item.previousElementSibling;
    if (!list || previous !== list || list.tagName.toLowerCase() !== kind) {
      list = item.ownerDocument.createElement(kind);
      item.before(list);
    }
    const entry = item.ownerDocument.createElement('li');
    entry.append(...item.childNodes);
    list.append(entry);
    item.remove();
  }
}
