import { describe, expect, it } from 'vitest';
import { browserUrl, exportableUrl, isSafeUrl, urlScheme } from './safe-url';

/** Every way the probe (issue 31.7) and the WHATWG parser let `javascript:` hide. */
const DISGUISES: readonly [string, string][] = [
  ['plain', 'javascript:alert(1)'],
  ['upper case', 'JavaScript:alert(1)'],
  ['tab inside the scheme', 'java\tscript:alert(1)'],
  ['newline inside the scheme', 'java\nscript:alert(1)'],
  ['carriage return inside the scheme', 'jav\rascript:alert(1)'],
  ['tab before the colon', 'javascript\t:alert(1)'],
  ['leading control character', '\u0001javascript:alert(1)'],
  ['leading NUL', '\u0000javascript:alert(1)'],
  ['leading space', ' javascript:alert(1)'],
  ['leading escape and tab', '\u001b\tjavascript:alert(1)'],
  ['trailing controls', 'javascript:alert(1)\u0000\u001f '],
  ['mixed', '\u0007 J\ta\nV\rascript:alert(1)'],
  ['vbscript', 'vb\tscript:msgbox(1)'],
  ['file', '\u0002file:///etc/passwd'],
  ['data html', 'da\tta:text/html,<script>alert(1)</script>'],
];

describe('isSafeUrl', () => {
  it.each(DISGUISES)('refuses %s', (_name, url) => {
    expect(isSafeUrl(url)).toBe(false);
  });

  it.each([
    'https://example.com/a?b=c',
    'http://x.org',
    'mailto:a@b.c',
    'tel:+123',
    '#section-2',
    'relative/path',
    'a b',
    'paren(x)',
    '',
    'data:image/png;base64,AAAA',
    // A browser reads this as https: it is not a disguise of anything unsafe.
    'ht\ttps://example.com',
  ])('allows %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });
});

describe('browserUrl and urlScheme', () => {
  it('read the URL as a browser does', () => {
    expect(browserUrl('\u0001 java\tscr\nipt:x \u0000')).toBe('javascript:x');
    expect(urlScheme('\u0001JAVA\tSCRIPT:x')).toBe('javascript');
    expect(urlScheme('/a:b')).toBeNull();
  });
});

describe('exportableUrl', () => {
  it.each(DISGUISES)('drops %s', (_name, url) => {
    expect(exportableUrl(url, { fragment: true })).toBeNull();
  });

  it('keeps web links as a browser reads them, and fragments only when asked', () => {
    expect(exportableUrl(' https://x.org/a ')).toBe('https://x.org/a');
    expect(exportableUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(exportableUrl('#note-1')).toBeNull();
    expect(exportableUrl('#note-1', { fragment: true })).toBe('#note-1');
    expect(exportableUrl('relative')).toBeNull();
  });
});
