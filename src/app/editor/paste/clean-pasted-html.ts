import DOMPurify from 'dompurify';
import { convertWordLists } from './word-lists';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  's',
  'del',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'sub',
  'sup',
  'span',
  'div',
];
const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'start',
  // Only a code block's language survives (keepCodeLanguages); other classes are dropped.
  'class',
];
const MAX_HEADING_LEVEL = 6;

function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
  return renamed;
}

function wrapChildren(element: Element, tag: string): void {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
}

/**
 * Styles are about to be stripped: keep what they meant. Google Docs wraps everything in a
 * `<b style="font-weight:normal">` and marks bold and italic runs with inline styles; Word
 * marks its title paragraph with a class.
 */
function keepStyledMeaning(body: HTMLElement): void {
  for (const wrapper of body.querySelectorAll('b[id^="docs-internal-guid"]')) {
    wrapper.replaceWith(...wrapper.childNodes);
  }
  for (const span of body.querySelectorAll<HTMLElement>('span[style]')) {
    const weight = span.style.fontWeight;
    if (weight === 'bold' || Number(weight) >= 600) wrapChildren(span, 'strong');
    if (span.style.fontStyle === 'italic') wrapChildren(span, 'em');
  }
  for (const title of body.querySelectorAll('p.MsoTitle')) rename(title, 'h1');
}

/** Spec 000 §2.1: pasted headings move one level down (h1 → h2), never below h6. */
function demoteHeadings(root: ParentNode): void {
  for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Number(heading.tagName.slice(1));
    rename(heading, `h${Math.min(level + 1, MAX_HEADING_LEVEL)}`);
  }
}

/** Table cells hold one line of text in the document: paragraphs inside become line breaks. */
function flattenCells(root: ParentNode): void {
  for (const cell of root.querySelectorAll('td, th')) {
    const blocks = [...cell.querySelectorAll('p, div, h1, h2, h3, h4, h5, h6, li')];
    blocks.forEach((block, index) => {
      if (index > 0) block.before(block.ownerDocument.createElement('br'));
      block.replaceWith(...block.childNodes);
    });
  }
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-(\S+)/;

/**
 * Drops every class but a code block's language (`<code class="language-mermaid">`, also
 * written on the `<pre>` by some highlighters), which moves to the `<code>` where the
 * document's code block reads it.
 */
function keepCodeLanguages(root: ParentNode): void {
  for (const element of root.querySelectorAll('[class]')) {
    const language = element.matches('pre, code')
      ? LANGUAGE_CLASS.exec(element.getAttribute('class') ?? '')?.[1]
      : undefined;
    element.removeAttribute('class');
    if (!language) continue;
    const code = element.matches('pre') ? (element.querySelector('code') ?? element) : element;
    code.setAttribute('class', `language-${language}`);
  }
}

/**
 * Cleans HTML from the clipboard (Word, Google Docs, web pages): semantic formatting stays,
 * styles, classes (but a code block's language), scripts and anything unknown go; headings are demoted one level.
 */
export function cleanPastedHtml(html: string): HTMLElement {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  keepStyledMeaning(parsed.body);
  convertWordLists(parsed.body);
  const sanitized = DOMPurify.sanitize(parsed.body.innerHTML, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM: true,
  });
  const clean = sanitized instanceof HTMLElement ? sanitized : document.createElement('body');
  keepCodeLanguages(clean);
  demoteHeadings(clean);
  flattenCells(clean);
  return clean;
}
