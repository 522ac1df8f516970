import { isRefId } from '../../shared/citations/ref-id';
import type { Db } from '../db/database';
import { HttpError } from '../http/http-error';
import { findVisibleWorks } from '../literature/store/work-store';

/** The refIds of a paper's stored citations list, in order, without repeats. */
export function citationRefIds(citations: unknown[]): string[] {
  const ids = citations.flatMap((entry) => {
    const refId = (entry as { refId?: unknown } | null)?.refId;
    return typeof refId === 'string' ? [refId] : [];
  });
  return [...new Set(ids)];
}

/**
 * Citations may only point at stored works the paper's owner may see (the shared library and
 * the owner's own imports): any other entry is refused rather than kept as a dangling
 * reference or a window onto someone else's library.
 */
export async function assertCitationsStored(
  db: Db,
  ownerId: string,
  citations: unknown[],
): Promise<void> {
  const refIds: string[] = [];
  for (const entry of citations) {
    const refId = (entry as { refId?: unknown } | null)?.refId;
    if (!isRefId(refId)) throw new HttpError(400, 'Each citation needs the refId of a stored work');
    refIds.push(refId);
  }
  const unique = [...new Set(refIds)];
  const found = new Set((await findVisibleWorks(db, ownerId, unique)).map((work) => work.refId));
  const missing = unique.find((refId) => !found.has(refId));
  if (missing) throw new HttpError(400, `Unknown citation: ${missing}`);
}
