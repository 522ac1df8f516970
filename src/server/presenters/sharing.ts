import type { InvitationRow } from '../sharing/invitation-store';

export type InvitationStatus = 'active' | 'expired' | 'revoked' | 'used-up';

export function invitationStatus(
  row: Pick<InvitationRow, 'revokedAt' | 'expiresAt' | 'uses' | 'maxUses'>,
  now = new Date(),
): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  if (row.uses >= row.maxUses) return 'used-up';
  return 'active';
}

export function presentInvitation(row: InvitationRow) {
  return {
    id: row.id,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    max_uses: row.maxUses,
    uses: row.uses,
    status: invitationStatus(row),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentMember(row: {
  userId: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
}) {
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    added_at: row.createdAt.toISOString(),
  };
}
