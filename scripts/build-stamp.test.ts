import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_BUILD, builtHash, sourceHash } from './build-stamp.mjs';

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

  it('reads the recorded hash only while the built app exists', () => {
    const root = project();
    mkdirSync(path.join(root, 'dist/client'), { recursive: true });
    writeFileSync(path.join(root, WEB_BUILD.stamp), JSON.stringify({ hash: 'abc' }));
    expect(builtHash(root, WEB_BUILD)).toBeNull();
    writeFileSync(path.join(root, WEB_BUILD.output), '<html>');
    expect(builtHash(root, WEB_BUILD)).toBe('abc');
    writeFileSync(path.join(root, WEB_BUILD.stamp), 'not json');
    expect(builtHash(root, WEB_BUILD)).toBeNull();
  });
});
