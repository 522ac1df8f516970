import { MATH_COMMANDS, MATH_CONTROL_SYMBOLS, MATH_ENVIRONMENTS } from './math-commands';

export type SafeMath = { ok: true; latex: string } | { ok: false; reason: string };

/**
 * An equation's source as it may go into an exported .tex: whoever compiles the file runs it,
 * and TeX can define macros that outlive the equation (\gdef), read files (\input) or write
 * them. KaTeX accepting an equation says nothing about that, so every control sequence is
 * checked against an allow-list of math commands (`math-commands.ts`), `\begin`/`\end` against
 * the math environments, and the forms that bypass tokens altogether are refused: `^^`
 * character codes and macro parameters (`#`). Comments are dropped, as KaTeX drops them, so
 * that a `%` cannot hide the closing `$`. Works on TeX's own tokenisation: a control word is
 * a backslash and ASCII letters; anything else after a backslash is one control symbol.
 */
export function safeMath(source: string): SafeMath {
  let latex = '';
  let index = 0;
  while (index < source.length) {
    const char = source[index] as string;
    if (char === '%') {
      const end = source.indexOf('\n', index);
      index = end === -1 ? source.length : end;
      continue;
    }
    if (char === '#') return { ok: false, reason: 'a macro parameter (#)' };
    if (char === '^' && source[index + 1] === '^') {
      return { ok: false, reason: 'a ^^ character code' };
    }
    if (char !== '\\') {
      latex += char;
      index += 1;
      continue;
    }
    const word = /^[A-Za-z]+/.exec(source.slice(index + 1))?.[0];
    if (word === undefined) {
      const symbol = source[index + 1] ?? '';
      // A backslash before a line break is a control space, as TeX reads it.
      const spaced = symbol === '\n' || symbol === '\t' ? ' ' : symbol;
      if (!MATH_CONTROL_SYMBOLS.has(spaced)) {
        return { ok: false, reason: `the command \\${symbol || '(end)'}` };
      }
      latex += `\\${spaced}`;
      index += 2;
      continue;
    }
    if (word === 'begin' || word === 'end') {
      const environment = /^\s*\{([A-Za-z]+\*?)\}/.exec(source.slice(index + 1 + word.length));
      if (!environment || !MATH_ENVIRONMENTS.has(environment[1] as string)) {
        return { ok: false, reason: `the environment after \\${word}` };
      }
      latex += `\\${word}{${environment[1] as string}}`;
      index += 1 + word.length + environment[0].length;
      continue;
    }
    if (!MATH_COMMANDS.has(word)) return { ok: false, reason: `the command \\${word}` };
    latex += `\\${word}`;
    index += 1 + word.length;
  }
  return { ok: true, latex };
}
