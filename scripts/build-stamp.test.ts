import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_BUILD, checkBuild, readStamp, sourceHash, writeStamp } from './build-stamp.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'scriptor-stamp-'));
  roots.push(root);
  mkdirSync(path.join(root, 'src/app/editor'), { recursive: true });
  writeFileSync(path.join(root, 'src/app/main.tsx'), 'main');
  writeFileSync(path.join(root, 'src/app/editor/a.ts'), 'a');
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  return root;
}

const SOURCES = ['src/app', 'package-lock.json', 'vite.config.ts'];

describe('build stamp', () => {
  it('changes when a source file changes, is added or is renamed, not otherwise', () => {
    const root = project();
    const first = sourceHash(root, SOURCES);
    expect(sourceHash(root, SOURCES)).toBe(first);
    writeFileSync(path.join(root, 'src/app/editor/a.ts'), 'a changed');
    const edited = sourceHash(root, SOURCES);
    expect(edited).not.toBe(first);
    writeFileSync(path.join(root, 'vite.config.ts'), 'config');
    const added = sourceHash(root, SOURCES);
    expect(added).not.toBe(edited);
    rmSync(path.join(root, 'src/app/editor/a.ts'));
    writeFileSync(path.join(root, 'src/app/editor/b.ts'), 'a changed');
    expect(sourceHash(root, SOURCES)).not.toBe(added);
  });

  it('reads the record only while the built app exists', () => {
    const root = project();
    mkdirSync(path.join(root, 'dist/client'), { recursive: true });
    writeFileSync(path.join(root, WEB_BUILD.stamp), JSON.stringify({ hash: 'abc' }));
    expect(readStamp(root, WEB_BUILD)).toBeNull();
    writeFileSync(path.join(root, WEB_BUILD.output), '<html>');
    expect(readStamp(root, WEB_BUILD)?.hash).toBe('abc');
    writeFileSync(path.join(root, WEB_BUILD.stamp), 'not json');
    expect(readStamp(root, WEB_BUILD)).toBeNull();
  });

  /** A project built once, its sources last modified a minute ago. */
  function built(): string {
    const root = project();
    const aMinuteAgo = new Date(Date.now() - 60_000);
    for (const file of ['src/app/main.tsx', 'src/app/editor/a.ts', 'package-lock.json']) {
      utimesSync(path.join(root, file), aMinuteAgo, aMinuteAgo);
    }
    mkdirSync(path.join(root, 'dist/client'), { recursive: true });
    writeFileSync(path.join(root, WEB_BUILD.output), '<html>');
    const check = checkBuild(root, WEB_BUILD);
    if (check.current) throw new Error('a project without a record is not current');
    writeStamp(root, WEB_BUILD, check.hash, check.files);
    return root;
  }

  it('is current while sizes and times match the record, without reading the sources', () => {
    const root = built();
    expect(checkBuild(root, WEB_BUILD).current).toBe(true);
    // A record whose hash no content has: only the sizes and times can have found it current.
    const stamp = readStamp(root, WEB_BUILD)!;
    writeFileSync(path.join(root, WEB_BUILD.stamp), JSON.stringify({ ...stamp, hash: 'other' }));
    expect(checkBuild(root, WEB_BUILD).current).toBe(true);
  });

  it('builds again after an edit of the same size, and not after times alone changed', () => {
    const root = built();
    writeFileSync(path.join(root, 'src/app/editor/a.ts'), 'b');
    expect(checkBuild(root, WEB_BUILD).current).toBe(false);

    const touched = built();
    const recorded = readStamp(touched, WEB_BUILD)!.hash;
    const now = new Date();
    utimesSync(path.join(touched, 'src/app/main.tsx'), now, now);
    expect(checkBuild(touched, WEB_BUILD).current).toBe(true);
    expect(JSON.parse(readFileSync(path.join(touched, WEB_BUILD.stamp), 'utf8')).hash).toBe(
      recorded,
    );
  });

  it('builds again when a source is added or removed', () => {
    const root = built();
    writeFileSync(path.join(root, 'vite.config.ts'), 'config');
    expect(checkBuild(root, WEB_BUILD).current).toBe(false);
    const removed = built();
    rmSync(path.join(removed, 'src/app/editor/a.ts'));
    expect(checkBuild(removed, WEB_BUILD).current).toBe(false);
  });
});
