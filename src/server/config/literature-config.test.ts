import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './env';

describe('literature configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('asks every open source by default, and only the library under test', () => {
    expect(load({}).literature.sources).toEqual([
      'local',
      'openalex',
      'crossref',
      'pubmed',
      'arxiv',
      'semanticscholar',
    ]);
    expect(load({ NODE_ENV: 'test' }).literature.sources).toEqual(['local']);
    expect(load({ LITERATURE_SOURCES: ' Local, arxiv ,arxiv' }).literature.sources).toEqual([
      'local',
      'arxiv',
    ]);
  });

  it('needs the address or key each choice depends on', () => {
    expect(() => load({ LITERATURE_SOURCES: 'opensearch' })).toThrow(ConfigError);
    expect(() => load({ WEB_SEARCH: 'searxng' })).toThrow(/SEARXNG_URL/);
    expect(() => load({ WEB_SEARCH: 'brave' })).toThrow(/BRAVE_SEARCH_API_KEY/);
    expect(
      load({ WEB_SEARCH: 'searxng', SEARXNG_URL: 'http://searx.local' }).literature.web,
    ).toEqual({
      kind: 'searxng',
      url: 'http://searx.local',
    });
    expect(
      load({ CROSSREF_MAILTO: '', OPENALEX_MAILTO: 'a@example.org' }).literature.crossrefMailto,
    ).toBe('a@example.org');
    expect(load({ LITERATURE_CACHE_MINUTES: '2' }).literature.cacheMs).toBe(120_000);
  });
});
