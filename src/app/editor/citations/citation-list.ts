/**
 * A paper's or version's stored citations as a list. Older records hold them as a JSON
 * string (spec 002 §3); anything unreadable is logged and read as no citations (002 §8).
 */
export function citationList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // reported below
    }
  }
  console.warn('Unreadable citations replaced by an empty list', value);
  return [];
}
