import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MIGRATIONS = path.join(ROOT, 'drizzle');
const TEMPLATES = path.join(ROOT, '.tmp/pglite-templates');
const execFileAsync = promisify(execFile);

/** Names the template after everything that shapes it: the migrations and PGlite's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  for (const file of files(MIGRATIONS).sort()) {
    hash.update(path.relative(MIGRATIONS, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * A migrated, empty PGlite data directory as a tarball (PGlite's own dump format), made once
 * and kept in `.tmp` for later runs: a PGlite initdb plus the migrations costs several seconds
 * of CPU, paid by every API test server on PGlite. Several test processes may make it at once:
 * the rename keeps one whole file. Answers the tarball's path.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const file = path.join(TEMPLATES, `${templateKey()}.tar`);
    if (existsSync(file)) return file;
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    // The dump copies the files; without a checkpoint the migrations are only in the WAL's
    // buffers and the copy is an empty database.
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(TEMPLATES, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return file;
  })();
  return template;
}

/**
 * Makes `<dataDir>/pglite` (where the server's config puts its PGlite) a migrated database, so
 * the server starting on `dataDir` finds its migrations applied. The server still runs the
 * migrator, which then has nothing to do. The tarball is unpacked by tar rather than by a
 * PGlite started with `loadDataDir`, which would boot the database once more only to write
 * the files (3 s of CPU per test server).
 */
export async function prepareMigratedPglite(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  mkdirSync(target, { recursive: true });
  // The dump's members are absolute (/base/…); GNU tar strips the leading slash.
  await execFileAsync('tar', ['-xf', await migratedTemplate(), '-C', target]);
}
