import { z } from 'zod';
import { MEMBER_ROLES } from '../../../../shared/papers/paper-permissions';

const role = z.enum(MEMBER_ROLES, 'Role must be editor, commenter or viewer');

export const inviteByEmailBody = z.object({
  email: z.string().trim().min(1, 'E-mail address is required').max(320),
  role,
});

export const roleBody = z.object({ role });

/** Links last a day to a month and let 1 to 100 people in (docs/sharing.md). */
export const createInvitationBody = z.object({
  role,
  expiresInDays: z.number().int().min(1).max(30).default(7),
  maxUses: z.number().int().min(1).max(100).default(1),
});

export const memberParams = z.object({ id: z.string(), userId: z.string().min(1).max(200) });
export const invitationParams = z.object({ id: z.string(), invitationId: z.uuid() });
