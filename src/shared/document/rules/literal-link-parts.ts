/**
 * Link and image targets and titles keep their characters: markdown-it decodes HTML
 * entities in them (`&amp;` → `&`), which would change the text on the first save. These
 * wrappers keep markdown-it's parsing and only redo the unescaping, backslashes only.
 */
import type { MarkdownIt } from 'markdown-it';
import { unescapePunctuation } from '../markdown/chars';

export function literalLinkPartsPlugin(md: MarkdownIt): void {
  const { parseLinkDestination, parseLinkTitle } = md.helpers;
  md.helpers = {
    ...md.helpers,
    parseLinkDestination(str, start, max) {
      const result = parseLinkDestination(str, start, max);
      if (!result.ok) return result;
      const angled = str.charCodeAt(start) === 0x3c; /* < */
      const raw = angled ? str.slice(start + 1, result.pos - 1) : str.slice(start, result.pos);
      return { ...result, str: unescapePunctuation(raw) };
    },
    parseLinkTitle(str, start, max, previous) {
      const result = parseLinkTitle(str, start, max, previous);
      if (!result.ok || previous) return result;
      return { ...result, str: unescapePunctuation(str.slice(start + 1, result.pos - 1)) };
    },
  };
}
