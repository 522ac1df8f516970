import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the built web app (`dist/client`) is made from. A build writes the hash of these into
 * `dist/web-build-stamp.json`; `npm start` rebuilds only when the hash differs.
 */
export const WEB_APP_SOURCES = [
  'src/app',
  'src/shared',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

export const STAMP_FILE = 'dist/web-build-stamp.json';
export const BUILT_INDEX = 'dist/client/index.html';

function filesUnder(root: string, relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/**
 * A hash of the sources' paths and contents. Contents rather than times: a checkout or a
 * copy changes times without changing the app, and hashing them all takes a few
 * milliseconds.
 */
export function sourceHash(root: string, sources: readonly string[] = WEB_APP_SOURCES): string {
  const hash = createHash('sha256');
  const files = sources.flatMap((source) => filesUnder(root, source)).sort();
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash the last build recorded, or null when there is no build or no record of it. */
export function builtHash(root: string): string | null {
  if (!existsSync(path.join(root, BUILT_INDEX))) return null;
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8')) as unknown;
    return stamp && typeof stamp === 'object' && 'hash' in stamp && typeof stamp.hash === 'string'
      ? stamp.hash
      : null;
  } catch {
    return null;
  }
}
