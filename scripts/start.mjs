/**
 * `npm start` (and `npm run worker` with `worker`): builds the web app and the server only
 * when their sources changed since the last build (build-stamp.mjs), then starts the compiled
 * server in this same process, so a restart serves in about a second.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_BUILD, WEB_BUILD, checkBuild, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const role = process.argv[2] === 'worker' ? 'worker' : 'main';

async function ensureBuilt(build, run) {
  const check = checkBuild(root, build);
  if (check.current) return;
  console.log(`Building the ${build.name} (its sources changed since the last build)...`);
  await run();
  writeStamp(root, build, check.hash, check.files);
}

if (role === 'main') {
  await ensureBuilt(WEB_BUILD, () => {
    const vite = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    if (vite.status !== 0) process.exit(vite.status ?? 1);
  });
}
await ensureBuilt(SERVER_BUILD, async () => {
  rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
  const { buildServer } = await import('./build-server.mjs');
  await buildServer(root);
});

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist/server', `${role}.js`)).href);
