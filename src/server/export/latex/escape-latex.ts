const SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '^': '\\textasciicircum{}',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '\u00a0': '~',
};

/** Escapes text for a LaTeX paragraph so that it prints as written. */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#^_%~<>|\u00a0]/g, (char) => SPECIALS[char] as string);
}

/** Text for inside \verb-free places such as \href's first argument. */
export function escapeUrl(url: string): string {
  return url.replace(/[\\{}%#~^]/g, (char) => `\\${char === '\\' ? 'textbackslash{}' : char}`);
}
