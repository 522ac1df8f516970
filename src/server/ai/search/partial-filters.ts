import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  type SearchFilters,
} from '../../../shared/literature/search-filters';

const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/**
 * Search filters as an API client may send them with an AI request (docs/ai-api.md): any field
 * may be left out or null, also inside `documentTypes` and `jifFilter`; what is missing is taken
 * from the filters the request would otherwise use.
 */
export const partialFiltersShape = z.object({
  includeText: optional(z.string().max(2000)),
  excludeText: optional(z.string().max(2000)),
  yearRange: optional(z.tuple([z.number(), z.number()])),
  minCitations: optional(z.number()),
  includeUndated: optional(z.boolean()),
  documentTypes: optional(
    z.object(
      Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, optional(z.boolean())])) as Record<
        DocumentType,
        z.ZodOptional<z.ZodNullable<z.ZodBoolean>>
      >,
    ),
  ),
  jifFilter: optional(z.object({ enabled: optional(z.boolean()), minValue: optional(z.number()) })),
});

export type PartialFilters = z.infer<typeof partialFiltersShape>;

/** `base` with every field `partial` gives (null and missing fields keep the base's). */
export function completeFilters(partial: PartialFilters, base: SearchFilters): SearchFilters {
  const documentTypes = { ...base.documentTypes };
  for (const type of DOCUMENT_TYPES) {
    documentTypes[type] = partial.documentTypes?.[type] ?? documentTypes[type];
  }
  return {
    includeText: partial.includeText ?? base.includeText,
    excludeText: partial.excludeText ?? base.excludeText,
    yearRange: partial.yearRange ?? base.yearRange,
    minCitations: partial.minCitations ?? base.minCitations,
    includeUndated: partial.includeUndated ?? base.includeUndated,
    documentTypes,
    jifFilter: {
      enabled: partial.jifFilter?.enabled ?? base.jifFilter.enabled,
      minValue: partial.jifFilter?.minValue ?? base.jifFilter.minValue,
    },
  };
}
