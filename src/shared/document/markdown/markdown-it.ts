/**
 * The one markdown-it configuration the document format is read with. Everything that
 * cannot round-trip through the schema is switched off so that it stays literal text:
 * raw HTML, entities (`&amp;` stays five characters), autolinks, link reference
 * definitions (they would swallow their lines), indented code (indentation is how the
 * serializer keeps some lines from starting blocks) and typographic replacements.
 */
import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import { isSafeUrl } from '../../links/safe-url';
import { bibliographyPlugin } from '../rules/bibliography';
import { blockEquationPlugin } from '../rules/block-equation';
import { citationPlugin } from '../rules/citation';
import { commentPlugin } from '../rules/comment';
import { imageSizePlugin } from '../rules/image-size';
import { inlineEquationPlugin } from '../rules/inline-equation';
import { literalLinkPartsPlugin } from '../rules/literal-link-parts';
import { nestingLimitPlugin } from '../rules/nesting-limit';
import { tablePlugin } from '../rules/table';

/**
 * Far above any real paper (markdown-it's default is 100); deeper block content becomes a
 * plain paragraph at NESTING_LIMIT instead of being dropped (rules/nesting-limit.ts).
 */
const MAX_NESTING = 1000;
const NESTING_LIMIT = MAX_NESTING - 10;

export function createMarkdownIt(): MarkdownItInstance {
  const md = new MarkdownIt('default', {
    html: false,
    linkify: false,
    typographer: false,
    breaks: false,
    maxNesting: MAX_NESTING,
  });
  md.disable(['code', 'reference', 'html_block', 'html_inline', 'entity', 'autolink', 'linkify']);
  // Keep link targets exactly as written: no percent-encoding or punycode.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  // Judge the scheme as a browser reads it (`java\tscript:` is `javascript:`), by allow-list.
  md.validateLink = isSafeUrl;
  md.use(nestingLimitPlugin, NESTING_LIMIT)
    .use(literalLinkPartsPlugin)
    .use(tablePlugin)
    .use(blockEquationPlugin)
    .use(bibliographyPlugin)
    .use(inlineEquationPlugin)
    .use(citationPlugin)
    .use(commentPlugin)
    .use(imageSizePlugin);
  return md;
}

/** Shared instance: markdown-it parsers are stateless between calls. */
export const markdownIt = createMarkdownIt();
