/**
 * Writing link and image targets and titles so that markdown-it reads them back unchanged
 * (see rules/literal-link-parts.ts for the reading side).
 */
import { isAsciiPunctuation } from './chars';
import { markdownIt } from './markdown-it';

function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/**
 * False for targets the parser refuses (`javascript:` however disguised, `file:`, most `data:`;
 * see links/safe-url.ts), so a document never writes a link it would not read back.
 */
export function isWritableUrl(url: string): boolean {
  return markdownIt.validateLink(url);
}

/** Characters a bare target may hold: no spaces, controls, parentheses, brackets or backslashes. */
function isBareTarget(target: string): boolean {
  if (target === '') return false;
  for (const char of target) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || '<>()\\'.includes(char)) return false;
  }
  return true;
}

/** A bare target when it is plain, otherwise the `<…>` form with `\`, `<`, `>` escaped. */
export function formatLinkDestination(url: string): string {
  const target = url.replace(/[\r\n]+/g, '');
  return isBareTarget(target) ? target : `<${target.replace(/[\\<>]/g, '\\$&')}>`;
}

/** ` "title"` or '' when there is none. */
export function formatLinkTitle(title: unknown): string {
  if (typeof title !== 'string' || title === '') return '';
  return ` "${oneLine(title).replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * Image alt text between `![` and `]`: brackets, backticks and dollars are escaped so the
 * alt text cannot close the brackets early or open a code span or equation past them.
 */
export function formatAltText(alt: string): string {
  const text = oneLine(alt);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '\\') {
      const atEnd = i + 1 >= text.length;
      out += atEnd || isAsciiPunctuation(text.charCodeAt(i + 1)) ? '\\\\' : '\\';
    } else if ('[]`$'.includes(char)) {
      out += `\\${char}`;
    } else {
      out += char;
    }
  }
  return out;
}
