/**
 * `npm start`: builds the web app only when its sources changed since the last build (see
 * web-build-stamp.ts), then starts the server in this same process, so a restart serves in
 * seconds instead of rebuilding. `npm run build` always builds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAMP_FILE, builtHash, sourceHash } from './web-build-stamp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hash = sourceHash(root);
if (builtHash(root) === hash) {
  console.log('Web app is up to date; skipping the build.');
} else {
  console.log('Building the web app (its sources changed since the last build)...');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  // Hashed before the build: a source edited while it ran makes the next start build again.
  writeFileSync(
    path.join(root, STAMP_FILE),
    JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2),
  );
}

await import('../src/server/main');
