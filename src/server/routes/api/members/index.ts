import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { authorize, authorizedPaper, can } from '../../../policies/paper-policy';
import { presentInvitation, presentMember } from '../../../presenters/sharing';
import {
  createInvitation,
  listInvitations,
  revokeInvitation,
} from '../../../sharing/invitation-store';
import {
  findAccount,
  findAccountById,
  listMembers,
  putMember,
  removeMember,
  setMemberRole,
} from '../../../sharing/member-store';
import {
  createInvitationBody,
  invitationParams,
  inviteByEmailBody,
  memberParams,
  roleBody,
} from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * /api/papers/:id/members and /api/papers/:id/invitations (docs/sharing.md): who has access
 * to a paper and the links that let people in. Anyone who may read the paper sees who else
 * can; only its owner shares it further, changes roles and removes people; a member may leave.
 */
export const memberRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;
  const access = context.paperAccess;

  app.get('/papers/:id/members', async (request) => {
    const { id } = parseWith(memberParams.pick({ id: true }), request.params);
    const paper = await authorizedPaper(db, request.user, 'read', id);
    const [owner, members] = await Promise.all([
      findAccountById(db, paper.ownerId),
      listMembers(db, paper.id),
    ]);
    return {
      role: paper.role,
      owner: owner ? { user_id: owner.id, name: owner.name, email: owner.email } : null,
      members: members.map(presentMember),
      invitations: can(paper.role, 'manage')
        ? (await listInvitations(db, paper.id)).map(presentInvitation)
        : [],
    };
  });

  app.post('/papers/:id/members', async (request, reply) => {
    const { id } = parseWith(memberParams.pick({ id: true }), request.params);
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    const { email, role } = parseWith(inviteByEmailBody, request.body ?? {});
    const account = await findAccount(db, email);
    if (!account) throw new HttpError(404, 'No account uses this e-mail address');
    if (account.id === paper.ownerId) throw new HttpError(400, 'You already own this paper');
    await putMember(db, { paperId: paper.id, userId: account.id, role, addedBy: request.user.id });
    await access.changed(paper.id, account.id);
    return reply.code(201).send({
      member: presentMember({ ...account, userId: account.id, role, createdAt: new Date() }),
    });
  });

  app.patch('/papers/:id/members/:userId', async (request) => {
    const { id, userId } = parseWith(memberParams, request.params);
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    const { role } = parseWith(roleBody, request.body ?? {});
    if (!(await setMemberRole(db, paper.id, userId, role))) throw notFound('Member');
    await access.changed(paper.id, userId);
    return { success: true, role };
  });

  // The owner removes someone; a member removes themselves ('Leave'). Either way the paper
  // itself is untouched.
  app.delete('/papers/:id/members/:userId', async (request) => {
    const params = parseWith(memberParams, request.params);
    // 'me' names the person asking: the paper list's 'Leave' need not know its own id.
    const userId = params.userId === 'me' ? request.user.id : params.userId;
    const paper = await authorizedPaper(db, request.user, 'read', params.id);
    authorize(request.user, userId === request.user.id ? 'leave' : 'manage', paper);
    if (!(await removeMember(db, paper.id, userId))) throw notFound('Member');
    await access.changed(paper.id, userId);
    return { success: true };
  });

  app.get('/papers/:id/invitations', async (request) => {
    const { id } = parseWith(memberParams.pick({ id: true }), request.params);
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    return { invitations: (await listInvitations(db, paper.id)).map(presentInvitation) };
  });

  app.post('/papers/:id/invitations', async (request, reply) => {
    const { id } = parseWith(memberParams.pick({ id: true }), request.params);
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    const body = parseWith(createInvitationBody, request.body ?? {});
    const { token, invitation } = await createInvitation(db, {
      paperId: paper.id,
      role: body.role,
      createdBy: request.user.id,
      expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS),
      maxUses: body.maxUses,
    });
    // The token is shown once: only its hash is stored.
    return reply.code(201).send({
      invitation: presentInvitation(invitation),
      token,
      path: `/invite/${token}`,
    });
  });

  app.delete('/papers/:id/invitations/:invitationId', async (request) => {
    const { id, invitationId } = parseWith(invitationParams, request.params);
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    if (!(await revokeInvitation(db, paper.id, invitationId))) throw notFound('Invitation');
    return { success: true };
  });
};
