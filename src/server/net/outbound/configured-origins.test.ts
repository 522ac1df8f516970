import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { configuredOrigins } from './configured-origins';

describe('configuredOrigins', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-origins-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists every literature, web search and DOI endpoint the administrator set, and no model provider', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      OPENALEX_URL: 'http://127.0.0.1:7001',
      CROSSREF_URL: 'http://127.0.0.1:7002/crossref',
      PUBMED_URL: 'http://127.0.0.1:7003',
      ARXIV_URL: 'http://127.0.0.1:7004/api',
      SEMANTIC_SCHOLAR_URL: 'http://127.0.0.1:7005',
      OPENSEARCH_URL: 'http://10.0.0.5:9200',
      WEB_SEARCH: 'searxng',
      SEARXNG_URL: 'http://searxng:8080',
      DOI_RESOLVER_URL: 'http://127.0.0.1:7006',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(configuredOrigins(config).map((url) => new URL(url).origin)).toEqual([
      'http://127.0.0.1:7001',
      'http://127.0.0.1:7002',
      'http://127.0.0.1:7003',
      'http://127.0.0.1:7004',
      'http://127.0.0.1:7005',
      'http://127.0.0.1:7006',
      'http://10.0.0.5:9200',
      'http://searxng:8080',
    ]);
  });
});
