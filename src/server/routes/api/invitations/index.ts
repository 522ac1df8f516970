import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isMemberRole } from '../../../../shared/papers/paper-permissions';
import type { AppContext } from '../../../app-context';
import { HttpError, notFound } from '../../../http/http-error';
import { findAccessiblePaper } from '../../../papers/paper-store';
import { invitationStatus, type InvitationStatus } from '../../../presenters/sharing';
import { findInvitation, takeInvitationUse } from '../../../sharing/invitation-store';
import { addMemberIfNew } from '../../../sharing/member-store';

const tokenParams = z.object({ token: z.string().min(20).max(100) });

const unusable: Record<Exclude<InvitationStatus, 'active'>, string> = {
  expired: 'This invitation link has expired. Ask the paper’s owner for a new one.',
  revoked: 'This invitation link was withdrawn by the paper’s owner.',
  'used-up': 'This invitation link has already been used as often as it allows.',
};

/**
 * GET /api/invitations/:token (what the link offers) and POST /api/invitations/:token/accept
 * (docs/sharing.md). Only a signed-in person can open a link: it adds their account.
 */
export const invitationRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;

  async function invitation(params: unknown) {
    const parsed = tokenParams.safeParse(params);
    const found = parsed.success ? await findInvitation(db, parsed.data.token) : undefined;
    if (!found || !isMemberRole(found.role)) throw notFound('Invitation');
    return { ...found, role: found.role };
  }

  app.get('/invitations/:token', async (request) => {
    const found = await invitation(request.params);
    const status = invitationStatus(found);
    const current = await findAccessiblePaper(db, request.user.id, found.paperId);
    return {
      paper_id: found.paperId,
      paper_title: found.paperTitle,
      owner_name: found.ownerName,
      role: found.role,
      status,
      message: status === 'active' ? null : unusable[status],
      your_role: current?.role ?? null,
    };
  });

  app.post('/invitations/:token/accept', async (request) => {
    const found = await invitation(request.params);
    const status = invitationStatus(found);
    if (status !== 'active') throw new HttpError(410, unusable[status]);
    // Someone who already has access keeps their role and leaves the link's uses alone.
    const current = await findAccessiblePaper(db, request.user.id, found.paperId);
    if (current) return { paper_id: found.paperId, role: current.role };
    const joined = await db.transaction(async (tx) => {
      if (!(await takeInvitationUse(tx, found.id))) return false;
      await addMemberIfNew(tx, {
        paperId: found.paperId,
        userId: request.user.id,
        role: found.role,
        addedBy: found.createdBy,
      });
      return true;
    });
    if (!joined) {
      // Another acceptance took the last use (or the link ended) since it was read.
      const now = await invitation(request.params);
      const after = invitationStatus(now);
      throw new HttpError(410, unusable[after === 'active' ? 'used-up' : after]);
    }
    await context.paperAccess.changed(found.paperId, request.user.id);
    return { paper_id: found.paperId, role: found.role };
  });
};
