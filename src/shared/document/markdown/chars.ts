/** Character classes shared by the markdown-it rules and the serializer's escaping. */

export function isAsciiAlphanumeric(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a)
  );
}

/** Space or tab: the only characters markdown-it treats as indentation. */
export function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** The ASCII punctuation a backslash can escape in CommonMark. */
export function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 0x21 && code <= 0x2f) ||
    (code >= 0x3a && code <= 0x40) ||
    (code >= 0x5b && code <= 0x60) ||
    (code >= 0x7b && code <= 0x7e)
  );
}

/** Trims spaces and tabs only, like markdown-it does for cells and entry text. */
export function trimSpacesAndTabs(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isSpaceOrTab(value.charCodeAt(start))) start++;
  while (end > start && isSpaceOrTab(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

/**
 * Decodes backslash escapes of ASCII punctuation and nothing else: unlike markdown-it's
 * `unescapeAll` it leaves `&amp;` alone, so link targets and titles keep every character.
 */
export function unescapePunctuation(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
