/** A token of Python source for the notebook's syntax highlighting. */
export interface PythonToken {
  kind: 'keyword' | 'string' | 'comment' | 'number' | 'builtin' | 'text';
  text: string;
}

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);
const BUILTINS = new Set(
  'print len range sum min max abs round sorted list dict set tuple int float str bool zip enumerate map filter isinstance type open'.split(
    ' ',
  ),
);

const PATTERN =
  /(#[^\n]*)|([rRbBfFuU]{0,2}(?:"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?))|(\b\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?j?\b)|([A-Za-z_][A-Za-z0-9_]*)/g;

/** Splits Python source into highlighted tokens; the texts joined give the source back. */
export function pythonTokens(source: string): PythonToken[] {
  const tokens: PythonToken[] = [];
  let at = 0;
  const push = (kind: PythonToken['kind'], text: string) => {
    const last = tokens.at(-1);
    if (kind === 'text' && last?.kind === 'text') last.text += text;
    else tokens.push({ kind, text });
  };
  for (const match of source.matchAll(PATTERN)) {
    const index = match.index;
    if (index > at) push('text', source.slice(at, index));
    const [text, comment, string, number, word] = match;
    if (comment) push('comment', text);
    else if (string) push('string', text);
    else if (number) push('number', text);
    else if (word && KEYWORDS.has(word)) push('keyword', text);
    else if (word && BUILTINS.has(word)) push('builtin', text);
    else push('text', text);
    at = index + text.length;
  }
  if (at < source.length) push('text', source.slice(at));
  return tokens;
}
