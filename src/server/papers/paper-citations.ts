import { isRefId } from '../../shared/citations/ref-id';
import type { Db } from '../db/database';
import { HttpError } from '../http/http-error';
import type { Work } from '../../shared/citations/work';
import { findCitedWorks, findVisibleWorks } from '../literature/store/work-store';
import type { PaperRow } from './paper-store';

/** The refIds of a paper's stored citations list, in order, without repeats. */
export function citationRefIds(citations: unknown[]): string[] {
  const ids = citations.flatMap((entry) => {
    const refId = (entry as { refId?: unknown } | null)?.refId;
    return typeof refId === 'string' ? [refId] : [];
  });
  return [...new Set(ids)];
}

/**
 * The works a paper's reader may look up by refId: those they may see (the shared library and
 * their own imports) and those the paper already cites, whoever of its authors imported them.
 */
export async function findPaperWorks(
  db: Db,
  paper: Pick<PaperRow, 'citations'> | undefined,
  actorId: string,
  refIds: string[],
): Promise<Work[]> {
  const visible = await findVisibleWorks(db, actorId, refIds);
  if (!paper) return visible;
  const found = new Set(visible.map((work) => work.refId));
  const cited = new Set(citationRefIds(Array.isArray(paper.citations) ? paper.citations : []));
  const rest = refIds.filter((refId) => !found.has(refId) && cited.has(refId));
  if (rest.length === 0) return visible;
  const others = await findCitedWorks(db, rest);
  return refIds.flatMap((refId) => {
    const work = visible.find((w) => w.refId === refId) ?? others.find((w) => w.refId === refId);
    return work ? [work] : [];
  });
}

/**
 * Citations may only point at stored works the saving user may see, or that the paper
 * already cites: any other entry is refused rather than kept as a dangling reference or a
 * window onto someone else's library.
 */
export async function assertCitationsStored(
  db: Db,
  paper: Pick<PaperRow, 'citations'> | undefined,
  actorId: string,
  citations: unknown[],
): Promise<void> {
  const refIds: string[] = [];
  for (const entry of citations) {
    const refId = (entry as { refId?: unknown } | null)?.refId;
    if (!isRefId(refId)) throw new HttpError(400, 'Each citation needs the refId of a stored work');
    refIds.push(refId);
  }
  const unique = [...new Set(refIds)];
  const found = new Set(
    (await findPaperWorks(db, paper, actorId, unique)).map((work) => work.refId),
  );
  const missing = unique.find((refId) => !found.has(refId));
  if (missing) throw new HttpError(400, `Unknown citation: ${missing}`);
}
