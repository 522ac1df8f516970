/**
 * Titles and abstracts from arXiv and other indexes carry TeX math in dollars ('$\times$',
 * '$\alpha$-synuclein'). This finds it so it can be typeset rather than shown as source. The
 * rules follow pandoc's: an opening `$` is not followed by a space, a closing one is not
 * preceded by a space nor followed by a digit, so prices ('$5 to $10') stay text. `\$` is a
 * literal dollar, and an unclosed delimiter leaves the text as it is.
 */
export type MathSegment = { kind: 'text'; text: string } | { kind: 'math'; latex: string };

interface Delimiter {
  open: string;
  close: string;
}

const DELIMITERS: Delimiter[] = [
  { open: '$$', close: '$$' },
  { open: '\\(', close: '\\)' },
  { open: '\\[', close: '\\]' },
  { open: '$', close: '$' },
];

function closingIndex(text: string, from: number, delimiter: Delimiter): number {
  let index = text.indexOf(delimiter.close, from);
  while (index !== -1) {
    const escaped = text[index - 1] === '\\' && delimiter.close.startsWith('$');
    const spaced = delimiter.open === '$' && /\s/.test(text[index - 1] ?? '');
    const beforeDigit = delimiter.open === '$' && /\d/.test(text[index + 1] ?? '');
    if (!escaped && !spaced && !beforeDigit && index > from) return index;
    index = text.indexOf(delimiter.close, index + 1);
  }
  return -1;
}

function mathAt(text: string, index: number): { latex: string; end: number } | null {
  for (const delimiter of DELIMITERS) {
    if (!text.startsWith(delimiter.open, index)) continue;
    const start = index + delimiter.open.length;
    if (delimiter.open === '$' && /\s|\$/.test(text[start] ?? ' ')) return null;
    const close = closingIndex(text, start, delimiter);
    if (close === -1) return null;
    return { latex: text.slice(start, close), end: close + delimiter.close.length };
  }
  return null;
}

export function mathSegments(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < text.length) {
    if (text.startsWith('\\$', index)) {
      plain += '$';
      index += 2;
      continue;
    }
    const math = text[index] === '$' || text[index] === '\\' ? mathAt(text, index) : null;
    if (math === null) {
      plain += text[index];
      index += 1;
      continue;
    }
    if (plain !== '') segments.push({ kind: 'text', text: plain });
    segments.push({ kind: 'math', latex: math.latex });
    plain = '';
    index = math.end;
  }
  if (plain !== '') segments.push({ kind: 'text', text: plain });
  return segments;
}
