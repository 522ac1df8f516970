import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A build is made from its sources; it records their hash in its stamp file, and `npm start`
 * builds again only when the hash differs (or the output is missing).
 */
export const WEB_BUILD = {
  name: 'web app',
  sources: [
    'src/app',
    'src/shared',
    'vite.config.ts',
    'scripts/vite-prebuilt-mermaid.ts',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ],
  stamp: 'dist/web-build-stamp.json',
  output: 'dist/client/index.html',
};

export const SERVER_BUILD = {
  name: 'server',
  sources: [
    'src/server',
    'src/shared',
    'scripts/build-server.mjs',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ],
  stamp: 'dist/server-build-stamp.json',
  output: 'dist/server/main.js',
};

function filesUnder(root, relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/**
 * A hash of the sources' paths and contents. Contents rather than times: a checkout or a
 * copy changes times without changing the build, and hashing them all takes milliseconds.
 */
export function sourceHash(root, sources) {
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
export function builtHash(root, build) {
  if (!existsSync(path.join(root, build.output))) return null;
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, build.stamp), 'utf8'));
    return stamp && typeof stamp === 'object' && typeof stamp.hash === 'string' ? stamp.hash : null;
  } catch {
    return null;
  }
}

export function writeStamp(root, build, hash) {
  mkdirSync(path.dirname(path.join(root, build.stamp)), { recursive: true });
  writeFileSync(
    path.join(root, build.stamp),
    JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2),
  );
}
