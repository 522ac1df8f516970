// ESC [ … letter: a terminal colour code.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/** Tracebacks come with terminal colours; the notebook shows them as plain text. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
