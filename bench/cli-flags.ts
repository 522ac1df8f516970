/** `--name N` on the command line as a positive integer, else `fallback`. */
export function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at > 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** `--name text` on the command line, or undefined. */
export function textFlag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
