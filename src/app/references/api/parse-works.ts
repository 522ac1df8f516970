import { citedWorkSchema } from '../../../shared/citations/work-payload';
import type { CitedWork } from '../../../shared/citations/work';

/**
 * Works from an answer or a stored paper in canonical form. An entry that is not a work at all
 * is left out rather than failing the whole list: one bad record should not hide the others.
 */
export function parseWorks(list: unknown): CitedWork[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parsed = citedWorkSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
