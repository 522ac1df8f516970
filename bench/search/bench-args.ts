import path from 'node:path';
/** Reads `--name value` pairs from the command line; benchmarks take a handful of numbers. */
export function numberFlag(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

export function formatBytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

/**
 * The development workspace's data sets, beside this repository (never shipped with it);
 * DATASETS_DIR overrides it, e.g. for a git worktree that lives elsewhere.
 */
export const DATASETS_DIR =
  process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../../shared/datasets');
