import type { LiteratureSource } from './literature-record';

const OPENALEX_ID = /^(?:https:\/\/openalex\.org\/)?W\d+$/;

/**
 * Recognises a parsed line by its keys, so one file (or a concatenation of exports) may mix
 * sources. BEIR is the only shape with "_id"; OpenAlex ids and fields are unmistakable;
 * anything else with an id and authors or abstract is taken for arXiv.
 */
export function detectFormat(value: Record<string, unknown>): LiteratureSource | null {
  if ('_id' in value) return 'beir';
  if (typeof value.id === 'string' && OPENALEX_ID.test(value.id)) return 'openalex';
  if ('abstract_inverted_index' in value || 'authorships' in value) return 'openalex';
  if ('id' in value && ('authors' in value || 'abstract' in value)) return 'arxiv';
  return null;
}
