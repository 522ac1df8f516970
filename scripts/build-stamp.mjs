import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A build is made from its sources; it records their hash (and each one's size and times) in its
 * stamp file, and `npm start` builds again only when the hash differs (or the output is missing).
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

function sourceFiles(root, sources) {
  return sources
    .flatMap((source) => filesUnder(root, source))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

function hashFiles(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * A hash of the sources' paths and contents. Contents rather than times decide: a checkout or a
 * copy changes times without changing the build.
 */
export function sourceHash(root, sources) {
  return hashFiles(root, sourceFiles(root, sources));
}

/** Files modified this recently may change again within the same clock tick (git's 'racy' files). */
const RACY_NS = 2_000_000_000n;

/**
 * Each source file's size and modification and change times (nanoseconds), keyed by path. Equal
 * to the record of the last build, the contents are those it hashed: an edit changes the times,
 * and the change time cannot be set back. A file modified in the last two seconds is recorded
 * as 'racy', which matches nothing, so the next start reads it.
 */
function fileStats(root, files) {
  const racySince = BigInt(Date.now()) * 1_000_000n - RACY_NS;
  return Object.fromEntries(
    files.map((file) => {
      const stat = statSync(path.join(root, file), { bigint: true });
      if (stat.mtimeNs > racySince) return [file, 'racy'];
      return [file, `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`];
    }),
  );
}

function sameStats(recorded, current) {
  if (!recorded || typeof recorded !== 'object') return false;
  const files = Object.keys(current);
  return (
    files.length === Object.keys(recorded).length &&
    files.every((file) => current[file] !== 'racy' && recorded[file] === current[file])
  );
}

/** The last build's record, or null when there is no build or no readable record of it. */
export function readStamp(root, build) {
  if (!existsSync(path.join(root, build.output))) return null;
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, build.stamp), 'utf8'));
    return stamp && typeof stamp === 'object' && typeof stamp.hash === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

export function writeStamp(root, build, hash, files) {
  mkdirSync(path.dirname(path.join(root, build.stamp)), { recursive: true });
  writeFileSync(
    path.join(root, build.stamp),
    JSON.stringify({ hash, builtAt: new Date().toISOString(), files }, null, 2),
  );
}

/**
 * Whether the build is current. Reading every source at each start cost a few hundred
 * milliseconds on a busy machine, so sources whose sizes and times all match the record are
 * not read; otherwise their contents are hashed, and when the hash still matches (a checkout
 * that only touched times) the record is refreshed without building. Else returns what to
 * record once built: hashed before the build, so a source edited while it runs builds again.
 */
export function checkBuild(root, build) {
  const files = sourceFiles(root, build.sources);
  const stats = fileStats(root, files);
  const stamp = readStamp(root, build);
  if (stamp && sameStats(stamp.files, stats)) return { current: true };
  const hash = hashFiles(root, files);
  if (stamp?.hash === hash) {
    writeStamp(root, build, hash, stats);
    return { current: true };
  }
  return { current: false, hash, files: stats };
}
