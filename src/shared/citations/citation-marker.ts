import { scanCitation } from '../document/rules/citation';
import { isRefId } from './ref-id';

/*
 * The markdown citation marker (spec 000 §3 and §5, 002 §9): ref ids in brackets separated by
 * '; ', e.g. '[ref_abc12345; ref_def67890]'. Markers are read with the document module's one
 * tokenizer, so these helpers see exactly the citations the editor and the engine's filter see.
 */

export interface CitationMarkerMatch {
  /** Offset of the opening bracket in the searched text. */
  index: number;
  text: string;
  refIds: string[];
}

/** Every citation marker in a markdown text, in order. */
export function findCitationMarkers(markdown: string): CitationMarkerMatch[] {
  const markers: CitationMarkerMatch[] = [];
  for (let index = markdown.indexOf('['); index !== -1; index = markdown.indexOf('[', index + 1)) {
    const match = scanCitation(markdown, index);
    if (!match) continue;
    markers.push({ index, text: markdown.slice(index, match.end), refIds: unique(match.refIds) });
    index = match.end - 1;
  }
  return markers;
}

/** The ref ids of one marker, or null when the text is not a marker. Duplicates are dropped. */
export function parseCitationMarker(text: string): string[] | null {
  const trimmed = text.trim();
  const match = scanCitation(trimmed, 0);
  if (match?.end !== trimmed.length) return null;
  const ids = unique(match.refIds);
  return ids.every(isRefId) ? ids : null;
}

export function formatCitationMarker(refIds: readonly string[]): string {
  const ids = [...new Set(refIds)];
  const invalid = ids.find((id) => !isRefId(id));
  if (invalid !== undefined) throw new Error(`Not a reference id: "${invalid}"`);
  if (ids.length === 0) throw new Error('A citation needs at least one reference id');
  return `[${ids.join('; ')}]`;
}

/**
 * The works a marker names, in marker order, leaving out ids that are not known: spec 000 §5,
 * "only references that exist are turned into citations".
 */
export function resolveCitationMarker<T>(
  refIds: readonly string[],
  lookup: (refId: string) => T | undefined,
): T[] {
  const found: T[] = [];
  for (const refId of refIds) {
    const work = lookup(refId);
    if (work !== undefined) found.push(work);
  }
  return found;
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
