import {
  roleAllows,
  type PaperAction,
  type PaperRole,
} from '../../shared/papers/paper-permissions';
import type { Db } from '../db/database';
import { HttpError, notFound } from '../http/http-error';
import { isUuid } from '../routes/api/files/schema';
import {
  findAccessiblePaper,
  listAccessiblePapers,
  type AccessiblePaper,
} from '../papers/paper-store';

export type { AccessiblePaper } from '../papers/paper-store';
export type { PaperAction, PaperRole } from '../../shared/papers/paper-permissions';

/** Whoever acts: a signed-in user, or the person who started a job. */
export interface Actor {
  id: string;
}

export class ForbiddenError extends HttpError {
  constructor() {
    super(403, 'Your role on this paper does not allow this');
  }
}

/**
 * The one decision (docs/sharing.md): may this actor do this with this paper? `paper` carries
 * the actor's role, found with the paper in one query, so the rule itself needs no database.
 * A paper the actor cannot reach at all is not theirs to know about: 404, never 403.
 */
export function authorize(
  actor: Actor | null | undefined,
  action: PaperAction,
  paper: AccessiblePaper | undefined,
): AccessiblePaper {
  if (!actor || !paper) throw notFound('Paper');
  if (!roleAllows(paper.role, action)) throw new ForbiddenError();
  return paper;
}

/** `authorize` without throwing, for code that chooses what to show. */
export function can(role: PaperRole | undefined, action: PaperAction): boolean {
  return role !== undefined && roleAllows(role, action);
}

/**
 * Loads the paper as the actor may reach it and authorizes the action: what every route and
 * job that touches a paper, or anything belonging to one, calls first. A malformed id answers
 * like a missing paper.
 */
export async function authorizedPaper(
  db: Db,
  actor: Actor | null | undefined,
  action: PaperAction,
  paperId: unknown,
): Promise<AccessiblePaper> {
  if (!actor || typeof paperId !== 'string' || !isUuid(paperId)) throw notFound('Paper');
  return authorize(actor, action, await findAccessiblePaper(db, actor.id, paperId));
}

/** The papers the actor may read: their own and those shared with them. */
export function accessiblePapers(db: Db, actor: Actor, search?: string) {
  return listAccessiblePapers(db, actor.id, search);
}
