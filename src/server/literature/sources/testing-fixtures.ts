import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiteratureQuery } from '../providers/literature-provider';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A committed API answer (see fixtures/NOTICE.md). */
export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

export function query(fields: Partial<LiteratureQuery> = {}): LiteratureQuery {
  return {
    q: '',
    includeText: '',
    excludeText: '',
    yearStart: null,
    yearEnd: null,
    includeUndated: true,
    minCitations: 0,
    documentTypes: [],
    limit: 100,
    viewerId: null,
    ...fields,
  };
}

export const signal = () => AbortSignal.timeout(5000);
